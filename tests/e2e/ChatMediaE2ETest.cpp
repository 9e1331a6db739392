// Media in chat turns end to end (docs/promptkit.md "Media"): packs/chat-media.yaml compiled at
// build time and run as a black box against the scripted test LLM server, which checks each
// media part as the real APIs do (a malformed one is a 400). Images from a file, a URL and
// base64 go to an OpenAI-compatible server as content parts and to the Messages API as blocks;
// the prompt's media config is checked before anything is sent; what a provider does not take is
// refused, naming it; a recording keeps the bytes and replays offline.
#include "ExeDir.h"
#include "LlmPackTest.h"

#include <sys/stat.h>

namespace wfc::test {
namespace {

class ChatMediaE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    exes_["chat-media"] = e2eExeDir() + "/chat-media";
    ASSERT_TRUE(fs::exists(exes_["chat-media"])) << exes_["chat-media"] << " was not built";
    // Not real images: nothing looks inside media, only at their type, size and bytes.
    writeText(path("cat.png"), std::string("\x89PNG\r\n\x1a\n", 8) + "cat pixels");
    writeText(path("report.pdf"), "%PDF-1.7 a report");
  }

  // Replies that say which media arrived: the matchers compare the last user message's media
  // (MIME types of inline data, URLs of the rest) exactly.
  static Json script() {
    return json(R"({"replies": [
      {"match": {"last_user_media": ["image/png", "https://example.com/dog.jpg"]}, "reply": {"content": "A cat and a dog."}},
      {"match": {"last_user_media": ["image/png"]}, "reply": {"content": "A cat."}},
      {"match": {"last_user_media": ["image/png", "application/pdf"]}, "reply": {"content": "A cat and a report."}},
      {"match": {"last_user_media": ["audio/wav"]}, "reply": {"content": "A song."}},
      {"match": {"last_user_media": []}, "reply": {"content": "Nothing to see."}}
    ]})");
  }

  std::vector<std::string> args(const LlmServerProcess &server, const std::string &task, const Json &input,
                                std::vector<std::string> more = {}) {
    std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--task", task,
                                  "--input-json", input.dump()};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  static std::string catBase64() { return "iVBORw0KGgpjYXQgcGl4ZWxz"; }  // cat.png's bytes
};

// 1. An image from a file (its MIME type from the extension, the prompt's default detail) and
// one by URL (its own detail) go to an OpenAI-compatible server as image_url parts after the text.
TEST_F(ChatMediaE2ETest, ImagesGoToOpenAiAsContentParts) {
  LlmServerProcess server(script());
  std::string trace = path("openai.trace");
  Json input = {{"message", "What is this?"},
                {"media", {{{"file_path", path("cat.png")}}, {{"url", "https://example.com/dog.jpg"}, {"detail", "high"}}}}};
  ProcessResult r = run("chat-media", args(server, "describe", input, {"--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "\"A cat and a dog.\"\n");
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_EQ(server.requests()[0]["body"]["messages"][1], json(R"({"role": "user", "content": [
      {"type": "text", "text": "What is this?"},
      {"type": "image_url", "image_url": {"url": "data:image/png;base64,)" + catBase64() + R"(", "detail": "low"}},
      {"type": "image_url", "image_url": {"url": "https://example.com/dog.jpg", "detail": "high"}}]})"));
  // The trace says what was sent, never the bytes.
  std::vector<Json> starts = events(jsonLines(trace), "step_start");
  ASSERT_EQ(starts.size(), 1u);
  EXPECT_EQ(starts[0]["media"], json(R"([{"type": "image", "mime_type": "image/png", "bytes": 18, "name": "cat.png"},
                                         {"type": "image", "mime_type": "image/jpeg", "url": "https://example.com/dog.jpg"}])"));
  EXPECT_EQ(readText(trace).find(catBase64()), std::string::npos);
}

// 2. The Messages API gets image and document blocks: base64 sources for bytes (a file, or the
// input's "data", its MIME type in any case), a url source for a URL; the caption the config
// requires is not sent.
TEST_F(ChatMediaE2ETest, ImagesAndDocumentsGoToAnthropicAsBlocks) {
  LlmServerProcess server(script());
  Json input = {{"message", "Read these."},
                {"media", {{{"data", catBase64()}, {"mime_type", "Image/PNG"}, {"caption", "my cat"}},
                           {{"file_path", path("report.pdf")}}}}};
  ProcessResult r = run("chat-media", args(server, "reader", input, {"--provider", "anthropic"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "\"A cat and a report.\"\n");
  ASSERT_EQ(server.requests().size(), 1u);
  EXPECT_EQ(server.requests()[0]["body"]["messages"][0], json(R"({"role": "user", "content": [
      {"type": "text", "text": "Read these."},
      {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": ")" + catBase64() + R"("}},
      {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjcgYSByZXBvcnQ="}}]})"));
}

// 3. wav audio goes to OpenAI as input_audio, a PDF as a file part named after its file.
TEST_F(ChatMediaE2ETest, AudioAndPdfGoToOpenAi) {
  LlmServerProcess server(script());
  ProcessResult r = run("chat-media", args(server, "reader", {{"message", "Listen."}, {"media", {{{"data", "UklGRg=="}, {"mime_type", "audio/wav"}}}}}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "\"A song.\"\n");
  r = run("chat-media", args(server, "reader", {{"message", "Look."}, {"media", {{{"file_path", path("cat.png")}, {"caption", "c"}},
                                                                                  {{"file_path", path("report.pdf")}}}}}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  ASSERT_EQ(server.requests().size(), 2u);
  EXPECT_EQ(server.requests()[0]["body"]["messages"][1]["content"][1],
            json(R"({"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}})"));
  EXPECT_EQ(server.requests()[1]["body"]["messages"][1]["content"][2],
            json(R"({"type": "file", "file": {"filename": "report.pdf", "file_data": "data:application/pdf;base64,JVBERi0xLjcgYSByZXBvcnQ="}})"));
}

// 4. What the prompt's media config or the input forbids is exit 2 before anything is sent,
// naming the item and the rule; so is what the provider's API does not take.
TEST_F(ChatMediaE2ETest, MediaOutsideTheConfigOrTheProviderAreExitTwo) {
  LlmServerProcess server(script());
  std::string big = path("big.png");
  writeText(big, std::string((1 << 20) + 1, 'x'));
  writeText(path("anim.gif"), "GIF89a");
  // A FIFO no one writes to: reading it would wait forever.
  const std::string fifo = path("pipe.png");
  if (!fs::exists(fifo)) {
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  }
  Json cat = {{"file_path", path("cat.png")}};
  struct Case {
    std::string task;
    Json media;
    std::string message;
    std::vector<std::string> more = {};
  };
  for (const Case &c : std::vector<Case>{
           {"plain", {cat}, "task 'plain' takes no media: its prompt 'plain' does not enable them"},
           {"describe", {{{"file_path", path("anim.gif")}}}, "media[0] is gif (image/gif); task 'describe''s image allowed_formats are png, jpg"},
           {"describe", {{{"file_path", big}}}, "media[0] holds 1048577 bytes; task 'describe''s image max_size_mb is 1"},
           {"describe", {cat, cat, cat}, "more than 2 image items; task 'describe''s image max_images_per_msg is 2"},
           {"describe", {{{"data", "QUJD"}, {"mime_type", "application/pdf"}}}, "media[0] is document (application/pdf), which task 'describe' does not take; it takes image"},
           {"reader", {cat}, "media[0] has no \"caption\"; task 'reader''s image config has require_caption: true"},
           {"describe", {{{"file_path", path("missing.png")}}}, "media[0] names file '" + path("missing.png") + "', which does not exist"},
           {"describe", {{{"data", "not base64!"}, {"mime_type", "image/png"}}}, "media[0] has data that is not base64"},
           {"describe", {{{"data", "QUJD"}}}, "media[0] gives \"data\" without a \"mime_type\""},
           {"describe", {{{"url", "https://example.com/x"}}}, "media[0] has a URL whose name does not say its type"},
           {"describe", {{{"url", "ftp://example.com/x.png"}}}, "is not an http(s) or data: URL"},
           {"describe", {{{"file_path", path("cat.png")}, {"url", "https://example.com/x.png"}}}, "has more than one source"},
           {"describe", {{{"path", path("cat.png")}}}, "media[0] has unknown key 'path'"},
           {"describe", {{{"url", "data:image/png;base64,"}}}, "media[0] is a data: URL without data"},
           {"describe", {{{"file_path", fifo}}}, "media[0] names file '" + fifo + "', which is not a regular file"},
           {"describe", {{{"file_path", dir_.string()}}}, "which is a directory"},
           {"reader", {{{"data", "QUJD"}, {"mime_type", "video/mp4"}}}, "an OpenAI-compatible provider cannot take the user message's video (video/mp4)"},
           {"reader", {{{"data", "QUJD"}, {"mime_type", "audio/wav"}}}, "an Anthropic provider cannot take the user message's audio (audio/wav)", {"--provider", "anthropic"}},
           {"reader", {{{"url", "https://example.com/a.mp3"}}}, "audio goes as its bytes, not a URL"}}) {
    ProcessResult r = run("chat-media", args(server, c.task, {{"message", "hi"}, {"media", c.media}}, c.more));
    EXPECT_EQ(r.exitCode, 2) << c.message << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(server.requests().size(), 0u);
}

// 5. --chat: each line's media go with its turn, and the conversation keeps them; a recording
// keeps the bytes, so the replay needs neither the file nor the server.
TEST_F(ChatMediaE2ETest, ChatTurnsCarryMediaAndReplayOffline) {
  std::string recording = path("media.jsonl"), copy = path("cat-copy.png");
  fs::copy_file(path("cat.png"), copy, fs::copy_options::overwrite_existing);
  std::string lines = Json({{"message", "Look."}, {"media", {{{"file_path", copy}}}}}).dump() + "\n" +
                      R"({"message": "And now?"})" + "\n";
  {
    LlmServerProcess server(script());
    ProcessResult r = runWithStdin("chat-media", {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--task",
                                                  "describe", "--chat", "--record", recording},
                                   lines);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "\"A cat.\"\n\"Nothing to see.\"\n");
    ASSERT_EQ(server.requests().size(), 2u);
    // The second turn's request still holds the first turn's image, in the conversation.
    EXPECT_EQ(server.requests()[1]["body"]["messages"][1]["content"][1]["image_url"]["url"],
              "data:image/png;base64," + catBase64());
  }
  // The recording keeps the bytes once; the second exchange, which sends the image again in the
  // conversation, names it by the SHA-256 of its bytes.
  std::vector<Json> recorded = jsonLines(recording);
  ASSERT_EQ(recorded.size(), 3u);
  const std::string digest = "c758b81b972337e20787fc70f23ecd23476a41cdc4939e1f091b198519896638";  // sha256sum cat.png
  EXPECT_EQ(recorded[1]["request"]["messages"][1]["media"],
            json(R"([{"type": "image", "mime_type": "image/png", "data": ")" + catBase64() +
                 R"(", "detail": "low", "name": "cat-copy.png", "sha256": ")" + digest + R"("}])"));
  EXPECT_EQ(recorded[2]["request"]["messages"][1]["media"],
            json(R"([{"type": "image", "mime_type": "image/png", "detail": "low", "name": "cat-copy.png", "sha256": ")" + digest + R"("}])"));
  fs::remove(copy);
  // A replay reads its input as a run does; the file is gone, so this time the image comes as base64.
  lines = R"({"message": "Look.", "media": [{"data": ")" + catBase64() + R"(", "mime_type": "image/png"}]})" "\n" +
          std::string(R"({"message": "And now?"})") + "\n";
  ProcessResult r = runWithStdin("chat-media", {"--task", "describe", "--chat", "--replay", recording}, lines);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, "\"A cat.\"\n\"Nothing to see.\"\n");
}

// 6. --dry-run and --help say which media each task takes.
TEST_F(ChatMediaE2ETest, DryRunAndHelpShowTheMediaConfig) {
  ProcessResult r = run("chat-media", {"--task", "describe", "--message", "hi", "--dry-run", "--model", "m"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out)["media"], json(R"([{"type": "image", "allowed_formats": ["png", "jpg"], "max_bytes": 1048576,
                                            "max_per_message": 2, "default_detail": "low"}])"));
  r = run("chat-media", {"--help"});
  EXPECT_NE(r.out.find("reader  (media: image, audio, video, document)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace wfc::test
