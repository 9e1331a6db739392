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

// DNS rebinding: a page of evil.example whose name comes to resolve to 127.0.0.1 is, for the
// browser, evil.example — and its requests say so in Host. A loopback server answers only the
// names of the machine (any port: an SSH tunnel's, a proxy's) and those --allow-host names.
TEST(ServeCrossSiteE2ETest, OnLoopbackOnlyTheMachinesNamesAreAnswered) {
  ServeFlowServer server;
  std::string base = server.start({"--allow-host", "wfc.example"});
  std::string port = base.substr(base.rfind(':') + 1);
  auto getAs = [&](const std::string &host, const std::string &path = "/runs") {
    return httpGet(base + path, {"Host: " + host});
  };
  HttpReply rebound = getAs("evil.example:" + port);
  EXPECT_EQ(rebound.status, 403) << rebound.body;
  EXPECT_EQ(rebound.json()["error"]["code"], "forbidden") << rebound.body;
  EXPECT_NE(rebound.body.find("--allow-host evil.example"), std::string::npos) << rebound.body;
  EXPECT_EQ(getAs("evil.example").status, 403);
  EXPECT_EQ(getAs("127.0.0.1.evil.example:" + port).status, 403);
  EXPECT_EQ(getAs("evil.example:" + port, "/").status, 403) << "the page too";
  EXPECT_EQ(getAs("evil.example:" + port, "/v1/models").json()["error"]["type"], "permission_error")
      << "OpenAI's error shape under /v1/";
  EXPECT_EQ(httpCall({"POST", base + "/runs", kInput, {"Host: evil.example", "Content-Type: application/json"}}).status, 403);
  EXPECT_EQ(httpGet(base + "/runs").json()["runs"].size(), 0u) << "no run started";

  for (const std::string &host : std::vector<std::string>{"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST:" + port, "localhost:9000",
                                 "127.0.0.2:" + port, "[::1]:" + port, "localhost", "wfc.example:" + port, "WFC.example"})
    EXPECT_EQ(getAs(host).status, 200) << host;
}

// Cross-site requests: a page says where it comes from (Origin). Only the server's own page —
// the origin of the request's Host — and pages of --allow-host names are answered; a request
// with no Origin (curl, an SDK, a browser's same-origin GET) is.
TEST(ServeCrossSiteE2ETest, PagesOfOtherOriginsAreRefused) {
  ServeFlowServer server;
  std::string base = server.start({"--allow-host", "app.example"});
  std::string self = base;  // "http://127.0.0.1:PORT": the origin of the page the server serves
  auto call = [&](const std::string &method, const std::string &path, const std::string &origin) {
    std::vector<std::string> headers = {"Content-Type: application/json"};
    if (!origin.empty()) headers.push_back("Origin: " + origin);
    return httpCall({method, base + path, method == "POST" ? std::optional<std::string>(kInput) : std::nullopt, headers});
  };
  for (const std::string origin : {"http://evil.example", "null", "http://localhost:3000", "https://127.0.0.1:1"}) {
    HttpReply started = call("POST", "/runs", origin);
    EXPECT_EQ(started.status, 403) << origin << ": " << started.body;
    EXPECT_EQ(started.json()["error"]["code"], "forbidden") << started.body;
    EXPECT_EQ(call("DELETE", "/runs/some-run", origin).status, 403) << origin;
    EXPECT_EQ(call("GET", "/runs", origin).status, 403) << origin;
  }
  EXPECT_EQ(httpGet(base + "/runs").json()["runs"].size(), 0u) << "no run started";

  EXPECT_EQ(call("POST", "/runs?wait=true", self).status, 200) << "the server's own page";
  EXPECT_EQ(call("POST", "/runs?wait=true", "https://app.example").status, 200) << "an --allow-host name's page";
  EXPECT_EQ(call("GET", "/runs", "").status, 200) << "no Origin";
}

// Off loopback the server is reached by names it cannot know (a load balancer's, a cluster's):
// any Host is taken, the token being what a rebinding page lacks. Pages of other origins are
// still refused.
TEST(ServeCrossSiteE2ETest, OffLoopbackAnyHostIsTakenButOtherOriginsAreNot) {
  ServeFlowServer server;
  std::string base = server.start({"--serve", "0.0.0.0:0"}, {{"WFC_SERVE_TOKEN", "t0ken"}});
  base = "http://127.0.0.1:" + base.substr(base.rfind(':') + 1);
  const std::string token = "Authorization: Bearer t0ken";
  EXPECT_EQ(httpGet(base + "/runs", {token, "Host: wfc.internal.example"}).status, 200);
  EXPECT_EQ(httpGet(base + "/runs", {token, "Host: wfc.internal.example", "Origin: http://evil.example"}).status, 403);
  EXPECT_EQ(httpGet(base + "/runs", {token, "Host: wfc.internal.example", "Origin: https://wfc.internal.example"}).status, 200)
      << "the server's own page, behind a proxy that ends TLS and passes Host on";
}

}  // namespace
