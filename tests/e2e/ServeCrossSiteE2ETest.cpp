// A server on loopback against the web pages its operator visits (docs/serve.md "Security
// model"): what a page of another site can make a browser send is refused before it does
// anything. Real requests over real sockets (libcurl, headers set as a browser would set them).
#include "CurlClient.h"
#include "ServeFlowServer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace wfc::test;

namespace {

const std::string kInput = R"({"topic": "x", "next": "done"})";

// A POST a page can send without the browser asking the server first (a CORS "simple" request)
// has no Content-Type, or a form's or text/plain: none of them starts a run, empty bodies
// included. Media types are case-insensitive and may carry parameters.
TEST(ServeCrossSiteE2ETest, APostMustSayItsBodyIsJson) {
  ServeFlowServer server;
  std::string base = server.start();
  auto post = [&](std::vector<std::string> headers, const std::string &path = "/runs", const std::string &body = kInput) {
    return httpCall({"POST", base + path, body, std::move(headers)});
  };
  // "Content-Type:" with no value: libcurl then sends none.
  for (const std::vector<std::string> &headers :
       std::vector<std::vector<std::string>>{{"Content-Type:"},
                                             {"Content-Type: text/plain"},
                                             {"Content-Type: application/x-www-form-urlencoded"},
                                             {"Content-Type: multipart/form-data; boundary=x"}}) {
    HttpReply r = post(headers);
    EXPECT_EQ(r.status, 415) << headers[0] << ": " << r.body;
    EXPECT_EQ(r.json()["error"]["code"], "unsupported_media_type") << r.body;
  }
  EXPECT_EQ(post({"Content-Type:"}, "/runs", "").status, 415) << "an empty body too";
  EXPECT_EQ(post({"Content-Type:"}, "/runs/any/events", R"({"event": "approve"})").status, 415);
  EXPECT_EQ(httpGet(base + "/runs").json()["runs"].size(), 0u) << "no run started";

  EXPECT_EQ(post({"Content-Type: Application/JSON; charset=UTF-8"}, "/runs?wait=true").status, 200);
  EXPECT_EQ(post({"Content-Type: application/json"}, "/runs?wait=true").status, 200);
}

}  // namespace
