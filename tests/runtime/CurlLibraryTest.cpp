// libcurl loaded on demand (runtime/support/http/CurlLibrary.h): the real library resolves and
// initializes; a library that is missing, or is not libcurl, is a TransportError that says what
// was tried and what to install.
#include "support/http/CurlLibrary.h"

#include "support/http/HttpClient.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc::http {
namespace {

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

TEST(CurlLibraryTest, TheSystemLibcurlLoadsWithEveryFunction) {
  CurlLibrary lib = loadCurlLibrary(kDefaultCurlLibrary);
  EXPECT_EQ(lib.path, kDefaultCurlLibrary);
  ASSERT_NE(lib.version_info, nullptr);
  EXPECT_GE(lib.version_info(CURLVERSION_NOW)->version_num, kMinimumCurlVersion);
  // Calls go through the table: a handle can be made, used and freed.
  CURL *easy = lib.easy_init();
  ASSERT_NE(easy, nullptr);
  EXPECT_EQ(lib.easy_setopt(easy, CURLOPT_URL, "http://127.0.0.1:9/"), CURLE_OK);
  lib.easy_cleanup(easy);
  EXPECT_EQ(lib.getdate("Sun, 06 Nov 1994 08:49:37 GMT", nullptr), 784111777);
}

TEST(CurlLibraryTest, TheProcessLibraryIsLoadedOnceAndShared) {
  const CurlLibrary &first = curl();
  EXPECT_EQ(&first, &curl());
  EXPECT_NE(first.multi_init, nullptr);
}

TEST(CurlLibraryTest, AMissingLibraryIsAStepFailureSayingWhatToInstall) {
  try {
    loadCurlLibrary("libwfc-no-such-curl.so.4");
    FAIL() << "loaded a library that does not exist";
  } catch (const TransportError &e) {
    std::string message = e.what();
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    EXPECT_FALSE(e.retryable());
    EXPECT_TRUE(contains(message, "cannot load libcurl: libwfc-no-such-curl.so.4: cannot open shared object file"))
        << message;
    EXPECT_TRUE(contains(message, "HTTP requests (LLM steps, http tools) need libcurl 7.85.0 or later"
                                  " (on Debian and Ubuntu: the libcurl4 package)"))
        << message;
  }
}

TEST(CurlLibraryTest, ALibraryThatIsNotLibcurlNamesTheMissingFunction) {
  try {
    loadCurlLibrary("libm.so.6");
    FAIL() << "took libm for libcurl";
  } catch (const TransportError &e) {
    EXPECT_TRUE(contains(e.what(), "cannot load libcurl: libm.so.6 has no curl_global_init; HTTP requests")) << e.what();
  }
}

}  // namespace
}  // namespace wfc::http
