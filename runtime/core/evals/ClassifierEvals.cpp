// PromptKit's classifier-backed eval types (its audio_emotion.go, image_moderation.go,
// text_toxicity.go, text_sentiment.go; docs/evals.md "Classifier types"): PromptKit sends the
// message to a classifier its host registers (a Hugging Face inference endpoint, an ONNX model)
// and scores the expected label. wfc has no classifier backend, so each is what PromptKit makes
// of it when its host registers none: skipped, with PromptKit's reason.
#include "core/evals/NamedEval.h"

namespace wfc::evals {
namespace {

Verdict noClassifier(const char *kind) {
  return skip(std::string("no classify registry configured; add a providers: entry with role: inference and either "
                          "defaults.inference.") +
              kind + "_classifier or params.classifier_id");
}

Verdict audioEmotion(const NamedEvalInput &) { return noClassifier("audio"); }
Verdict imageModeration(const NamedEvalInput &) { return noClassifier("image"); }
Verdict textClassify(const NamedEvalInput &) { return noClassifier("text"); }

}  // namespace

void addClassifierEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("audio_emotion", audioEmotion);
  out.emplace_back("image_moderation", imageModeration);
  out.emplace_back("text_toxicity", textClassify);
  out.emplace_back("text_sentiment", textClassify);
}

}  // namespace wfc::evals
