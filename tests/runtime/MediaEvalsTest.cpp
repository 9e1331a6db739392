// The media eval types (docs/evals.md "Media") and the headers they read (core/evals/MediaHeaders.h):
// files built byte by byte as their formats lay them out — a PNG, a baseline JPEG after an APP0
// segment, GIF, WebP in its three encodings, BMP, WAV, MP4 movies of both header versions — then
// truncated and corrupted; and the handlers run by name on tool results carrying media as
// PromptKit's content parts and as MCP's content blocks.
#include "core/evals/MediaHeaders.h"
#include "NamedEvalFixture.h"
#include "core/evals/NamedEval.h"
#include "support/Base64.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc::evals {
namespace {

std::string be32(uint32_t v) { return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)}; }
std::string be16(uint32_t v) { return {char(v >> 8), char(v)}; }
std::string le32(uint32_t v) { return {char(v), char(v >> 8), char(v >> 16), char(v >> 24)}; }
std::string le16(uint32_t v) { return {char(v), char(v >> 8)}; }
std::string box(const std::string &type, const std::string &content) { return be32(uint32_t(8 + content.size())) + type + content; }

std::string png(uint32_t w, uint32_t h) {
  return std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + "IHDR" + be32(w) + be32(h) + std::string("\x08\x02\x00\x00\x00", 5) +
         be32(0) /* crc, not checked */;
}
std::string jpeg(uint32_t w, uint32_t h) {
  std::string app0 = std::string("\xFF\xE0", 2) + be16(16) + std::string("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", 14);
  std::string sof0 = std::string("\xFF\xC0", 2) + be16(17) + "\x08" + be16(h) + be16(w) + std::string(10, '\x01');
  return std::string("\xFF\xD8", 2) + app0 + sof0 + std::string("\xFF\xD9", 2);
}
std::string wav(uint32_t sampleRate, uint32_t bytesPerSample, uint32_t samples) {
  std::string fmt = "fmt " + le32(16) + le16(1) + le16(1) + le32(sampleRate) + le32(sampleRate * bytesPerSample) +
                    le16(bytesPerSample) + le16(bytesPerSample * 8);
  std::string data = "data" + le32(samples * bytesPerSample) + std::string(samples * bytesPerSample, '\x80');
  return "RIFF" + le32(uint32_t(4 + fmt.size() + data.size())) + "WAVE" + fmt + data;
}
// An MP4 whose movie lasts `duration` / `scale` seconds, with an audio track (0 x 0) before a
// `w` x `h` video track.
std::string mp4(uint32_t scale, uint32_t duration, uint32_t w, uint32_t h, bool version1 = false) {
  std::string mvhd = version1 ? std::string("\x01\0\0\0", 4) + std::string(16, '\0') + be32(scale) + be32(0) + be32(duration)
                              : std::string(4, '\0') + be32(0) + be32(0) + be32(scale) + be32(duration);
  mvhd += std::string(80, '\0');
  auto tkhd = [&](uint32_t tw, uint32_t th) {
    std::string head = version1 ? std::string("\x01\0\0\x03", 4) + std::string(16, '\0') + be32(1) + be32(0) + std::string(8, '\0')
                                : std::string("\0\0\0\x03", 4) + be32(0) + be32(0) + be32(1) + be32(0) + be32(duration);
    return box("tkhd", head + std::string(8 + 2 + 2 + 2 + 2 + 36, '\0') + be32(tw << 16) + be32(th << 16));
  };
  std::string moov = box("mvhd", mvhd) + box("trak", tkhd(0, 0)) + box("trak", tkhd(w, h));
  return box("ftyp", "isom" + be32(512) + "isomiso2") + box("moov", moov) + box("mdat", std::string(16, '\0'));
}

TEST(MediaHeadersTest, ImagesGiveTheirSize) {
  auto size = [](const std::string &bytes) {
    std::optional<PixelSize> s = imageSize(bytes);
    return s ? std::to_string(s->width) + "x" + std::to_string(s->height) : std::string("none");
  };
  EXPECT_EQ(size(png(640, 480)), "640x480");
  EXPECT_EQ(size(jpeg(1920, 1080)), "1920x1080");
  EXPECT_EQ(size(std::string("GIF89a") + le16(32) + le16(16) + std::string(7, '\0')), "32x16");
  std::string vp8 = "RIFF" + le32(30) + "WEBPVP8 " + le32(18) + std::string("\x10\x02\x00\x9d\x01\x2a", 6) + le16(300) + le16(200) +
                    std::string(4, '\0');
  EXPECT_EQ(size(vp8), "300x200");
  uint32_t bits = (300 - 1) | ((200 - 1) << 14);
  std::string vp8l = "RIFF" + le32(30) + "WEBPVP8L" + le32(10) + "\x2f" + le32(bits) + std::string(8, '\0');
  EXPECT_EQ(size(vp8l), "300x200");
  std::string vp8x = "RIFF" + le32(30) + "WEBPVP8X" + le32(10) + std::string(4, '\0') + le32(299).substr(0, 3) + le32(199).substr(0, 3) +
                     std::string(4, '\0');
  EXPECT_EQ(size(vp8x), "300x200");
  EXPECT_EQ(size("BM" + std::string(16, '\0') + le32(64) + le32(uint32_t(-48)) + std::string(8, '\0')), "64x48")
      << "a top-down BMP's height is negative";
}

TEST(MediaHeadersTest, TruncatedOrForeignBytesGiveNothing) {
  const std::string whole = png(640, 480);
  for (size_t n = 0; n < 24; ++n) EXPECT_FALSE(imageSize(whole.substr(0, n))) << n << " bytes";
  const std::string j = jpeg(10, 20);
  for (size_t n = 0; n < 29; ++n) EXPECT_FALSE(imageSize(j.substr(0, n))) << n << " bytes";  // SOI, APP0, SOF0's size
  EXPECT_TRUE(imageSize(j.substr(0, 29)));
  EXPECT_FALSE(imageSize("hello, world"));
  EXPECT_FALSE(imageSize(png(0, 480))) << "a zero width is no image";
  std::string badLength = std::string("\xFF\xD8\xFF\xE0", 4) + be16(1);  // a segment shorter than its length field
  EXPECT_FALSE(imageSize(badLength));
  EXPECT_FALSE(mediaDuration("RIFF" + le32(4) + "WAVE")) << "no fmt, no data";
  const std::string w = wav(8000, 1, 8);
  for (size_t n = 0; n < 44; ++n) EXPECT_FALSE(mediaDuration(w.substr(0, n))) << n << " bytes of a WAV header";
  std::string m = mp4(1000, 5000, 1280, 720);
  for (size_t n = 0; n < m.size() - 16; n += 7) {
    std::optional<double> d = mediaDuration(m.substr(0, n));
    if (d) {
      EXPECT_DOUBLE_EQ(*d, 5.0) << n;  // only ever the right answer, or none
    }
  }
  std::string loop = be32(8) + "moov" + be32(0xFFFFFFF0u) + "trak";  // a box longer than the file
  EXPECT_FALSE(mediaDuration(loop));
  EXPECT_FALSE(videoSize(loop));
}

TEST(MediaHeadersTest, SoundAndVideoGiveTheirDurationAndSize) {
  EXPECT_DOUBLE_EQ(*mediaDuration(wav(8000, 1, 2000)), 0.25);
  EXPECT_DOUBLE_EQ(*mediaDuration(wav(16000, 2, 48000)), 3.0);
  EXPECT_DOUBLE_EQ(*mediaDuration(mp4(600, 4500, 1280, 720)), 7.5);
  EXPECT_DOUBLE_EQ(*mediaDuration(mp4(1000, 12000, 1920, 1080, true)), 12.0);
  std::optional<PixelSize> size = videoSize(mp4(600, 4500, 1280, 720));
  ASSERT_TRUE(size);
  EXPECT_EQ(size->width, 1280) << "the first visual track's, not the audio track's 0 x 0";
  EXPECT_EQ(size->height, 720);
  size = videoSize(mp4(1000, 12000, 3840, 2160, true));
  ASSERT_TRUE(size);
  EXPECT_EQ(size->height, 2160);
  EXPECT_FALSE(videoSize(png(10, 10)));
}

// ---- the handlers, on tool results

struct Fixture : NamedEvalFixture {
  Verdict run(const char *type, nlohmann::ordered_json p) { return evaluate(type, std::move(p)); }
  // A result with PromptKit's content part, and one with MCP's content block.
  void promptKitPart(const std::string &type, nlohmann::ordered_json media) {
    calls.push_back({"render", Value(), nlohmann::ordered_json::array({{{"type", type}, {"media", media}}}).dump(), ""});
  }
  void mcpBlock(const std::string &type, const std::string &mime, const std::string &bytes) {
    nlohmann::ordered_json result = {{"content", {{{"type", type}, {"data", encodeBase64(bytes)}, {"mimeType", mime}}}}};
    calls.push_back({"render", Value(), result.dump(), ""});
  }
};

TEST(MediaEvalsTest, FormatsComeFromTheMimeTypeAsPromptKitReadsIt) {
  Fixture f;
  EXPECT_EQ(f.run("image_format", {{"formats", {"png"}}}).message, "no images found in messages");
  f.mcpBlock("image", "image/png", png(2, 2));
  f.promptKitPart("image", {{"mime_type", "image/JPEG"}});
  f.promptKitPart("audio", {{"mime_type", "audio/mpeg"}});
  EXPECT_TRUE(f.run("image_format", {{"formats", {"PNG", "jpeg"}}}).passed) << "case-insensitive";
  Verdict v = f.run("image_format", {{"formats", {"png"}}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message, "some images have disallowed formats: JPEG");
  EXPECT_TRUE(f.run("audio_format", {{"formats", {"mp3"}}}).passed) << "audio/mpeg is mp3";
}

TEST(MediaEvalsTest, DimensionsFromMetadataElseFromTheHeader) {
  Fixture f;
  f.promptKitPart("image", {{"mime_type", "image/png"}, {"width", 800}, {"height", 600}});
  f.mcpBlock("image", "image/jpeg", jpeg(1920, 1080));
  EXPECT_TRUE(f.run("image_dimensions", {{"min_width", 800}, {"max_height", 1080}}).passed);
  Verdict v = f.run("image_dimensions", {{"max_width", 1000}, {"height", 600}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message, "some images violate dimension requirements: height 1080 does not match required 600; width 1920 "
                       "exceeds maximum 1000");
  f.promptKitPart("image", {{"mime_type", "image/png"}, {"url", "https://example.com/x.png"}});
  EXPECT_EQ(f.run("image_dimensions", {}).message,
            "some images violate dimension requirements: missing width/height metadata");
}

TEST(MediaEvalsTest, DurationsAndResolutions) {
  Fixture f;
  f.mcpBlock("audio", "audio/wav", wav(8000, 1, 2400));
  f.promptKitPart("audio", {{"mime_type", "audio/mpeg"}, {"duration", 42}});
  EXPECT_TRUE(f.run("audio_duration", {{"min_seconds", 0.2}, {"max_seconds", 60}}).passed);
  EXPECT_EQ(f.run("audio_duration", {{"min_seconds", 1}}).message,
            "some audio duration violations: duration 0.3s below minimum 1.0s");
  EXPECT_EQ(f.run("video_duration", {}).message, "no video found in messages");
  f.promptKitPart("video", {{"mime_type", "video/mp4"}, {"data", encodeBase64(mp4(600, 4500, 1280, 720))}});
  EXPECT_TRUE(f.run("video_duration", {{"max_seconds", 8}}).passed);
  EXPECT_TRUE(f.run("video_resolution", {{"presets", {"720p", "1080p"}}}).passed);
  EXPECT_EQ(f.run("video_resolution", {{"presets", {"4k"}}, {"min_width", 1920}}).message,
            "some videos violate resolution requirements: resolution 1280x720 does not match any preset: [4k]; width "
            "1280 below minimum 1920");
}

// wfc has no classifier: PromptKit's reason when its host registers none.
TEST(MediaEvalsTest, ClassifierTypesAreSkippedAsPromptKitSkipsThemWithoutAClassifier) {
  Fixture f;
  f.mcpBlock("audio", "audio/wav", wav(8000, 1, 800));
  Verdict v = f.run("audio_emotion", {{"model", "wav2vec2-ser"}, {"expected_label", "angry"}});
  EXPECT_TRUE(v.skipped);
  EXPECT_EQ(v.message, "no classify registry configured; add a providers: entry with role: inference and either "
                       "defaults.inference.audio_classifier or params.classifier_id");
  EXPECT_TRUE(f.run("text_toxicity", {{"model", "m"}, {"expected_label", "toxic"}}).skipped);
}

}  // namespace
}  // namespace wfc::evals
