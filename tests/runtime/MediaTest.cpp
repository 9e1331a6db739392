// Media in user messages (docs/promptkit.md "Media"): base64 both ways, MIME types from names,
// formats from MIME types, and a message's media kept whole by messagesToJson/messagesFromJson
// (what recordings and persistent workflow states store).
#include "support/Base64.h"
#include "core/llm/Media.h"
#include "core/llm/Recording.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <random>

namespace wfc {
namespace {

TEST(Base64Test, EncodesAndDecodesEveryLengthAndByte) {
  EXPECT_EQ(encodeBase64(""), "");
  EXPECT_EQ(encodeBase64("f"), "Zg==");
  EXPECT_EQ(encodeBase64("fo"), "Zm8=");
  EXPECT_EQ(encodeBase64("foo"), "Zm9v");
  EXPECT_EQ(encodeBase64("foobar"), "Zm9vYmFy");  // RFC 4648's test vectors
  std::mt19937 random(7);
  for (size_t length = 0; length < 70; ++length) {
    std::string bytes;
    for (size_t i = 0; i < length; ++i) bytes.push_back(char(random() & 0xff));
    std::string text = encodeBase64(bytes);
    EXPECT_EQ(decodeBase64(text), bytes) << length;
    EXPECT_EQ(base64DecodedSize(text), length);
  }
}

TEST(Base64Test, RefusesWhatIsNotBase64) {
  for (const char *text : {"Zg=", "Zg", "Z===", "Zm9v!A==", "Zg==Zg==", "=Zg=", "Zm 9v", "Zm9v\n"}) {
    EXPECT_EQ(base64DecodedSize(text), std::nullopt) << text;
    EXPECT_EQ(decodeBase64(text), std::nullopt) << text;
  }
  EXPECT_EQ(base64DecodedSize(""), 0u);
}

TEST(MediaTest, MimeTypesComeFromExtensionsAsPromptKitInfersThem) {
  EXPECT_EQ(llm::mimeTypeOfName("photos/Cat.JPG"), "image/jpeg");
  EXPECT_EQ(llm::mimeTypeOfName("song.mp3"), "audio/mpeg");
  EXPECT_EQ(llm::mimeTypeOfName("report.pdf"), "application/pdf");
  EXPECT_EQ(llm::mimeTypeOfName("https://example.com/a.png?size=large#top"), "image/png");
  EXPECT_EQ(llm::mimeTypeOfName("https://example.com/picture"), "");
  EXPECT_EQ(llm::mimeTypeOfName("dir.d/file"), "");
  EXPECT_EQ(llm::mimeTypeOfName("archive.tar"), "");
}

TEST(MediaTest, TypesAndFormatsOfMimeTypes) {
  EXPECT_EQ(llm::mediaTypeOfMime("image/webp"), "image");
  EXPECT_EQ(llm::mediaTypeOfMime("audio/wav"), "audio");
  EXPECT_EQ(llm::mediaTypeOfMime("video/mp4"), "video");
  EXPECT_EQ(llm::mediaTypeOfMime("application/pdf"), "document");
  EXPECT_EQ(llm::mediaTypeOfMime("imagery/x"), "document");
  EXPECT_EQ(llm::mediaFormat("image/jpeg"), "jpeg");
  EXPECT_EQ(llm::mediaFormat("Audio/MPEG"), "mp3");
  EXPECT_EQ(llm::mediaFormat("audio/x-wav"), "wav");
  EXPECT_EQ(llm::mediaFormat("application/pdf; charset=binary"), "pdf");
}

TEST(MediaTest, MessagesKeepTheirMediaWhole) {
  llm::Message m;
  m.content = "look";
  m.media.push_back({"image", "image/png", "Zm9v", "", "low", "a cat", "cat.png"});
  m.media.push_back({"image", "image/jpeg", "", "https://example.com/dog.jpg", "", "", ""});
  llm::Json json = llm::messagesToJson({m});
  EXPECT_EQ(json[0]["media"], llm::Json::parse(R"([
      {"type": "image", "mime_type": "image/png", "data": "Zm9v", "detail": "low", "caption": "a cat", "name": "cat.png"},
      {"type": "image", "mime_type": "image/jpeg", "url": "https://example.com/dog.jpg"}])"));
  std::vector<llm::Message> back = llm::messagesFromJson(json);
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].media.size(), 2u);
  EXPECT_EQ(back[0].media[0].data, "Zm9v");
  EXPECT_EQ(back[0].media[0].caption, "a cat");
  EXPECT_EQ(back[0].media[1].url, "https://example.com/dog.jpg");
  EXPECT_EQ(back[0].media[0].bytes(), 3u);
  EXPECT_EQ(back[0].media[1].bytes(), 0u);
  // A malformed part is a malformed message, not a crash.
  EXPECT_THROW(llm::messagesFromJson(llm::Json::parse(R"([{"role": "user", "content": "x", "media": [{"type": 1}]}])")), Error);
  EXPECT_THROW(llm::messagesFromJson(llm::Json::parse(R"([{"role": "user", "content": "x", "media": "x"}])")), Error);
}

}  // namespace
}  // namespace wfc
