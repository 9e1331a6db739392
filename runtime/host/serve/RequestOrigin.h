// Which Host and Origin headers the server answers (docs/serve.md "Security model").
//
// Host, on loopback: a web page of another site cannot read a loopback server's answers — unless
// its own name comes to resolve to 127.0.0.1 (DNS rebinding): then the browser takes the server
// for that site, sends its requests with that site's name as Host, and lets the page read
// GET /runs. So a server on loopback answers only the names a loopback server is reached by —
// localhost and loopback addresses, any port (an SSH tunnel's, a proxy's) — and the names the
// operator allows (--allow-host). Off loopback the token is what a rebinding page lacks, and the
// server is reached by names it cannot know: any Host is taken.
//
// Origin, everywhere: a browser says which page sent a request (Origin, on every cross-site
// request and on a same-site POST or DELETE). A page of the server itself has the origin of the
// request's Host; any other page is refused, but those of names the operator allows. Requests
// without an Origin (curl, SDKs, a browser's same-origin GET) are taken.
#pragma once

#include "host/serve/HttpServer.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::serve {

class RequestOrigin {
 public:
  // `listen`: where the server listens; `allowed`: --allow-host's names (any case).
  RequestOrigin(const ListenAddress &listen, std::vector<std::string> allowed);

  // Why `request` is refused (403), or nullopt when its Host and Origin are the server's.
  std::optional<std::string> problem(const HttpRequest &request) const;

 private:
  bool allowedName(const std::string &host) const;

  bool loopback_;
  std::string listening_;  // "127.0.0.1:8080", for messages
  std::vector<std::string> allowed_;
};

// The host of a Host header's value or an origin's authority, lowercased, without its port:
// "Example.COM:8080" → "example.com", "[::1]:8080" → "[::1]".
std::string hostWithoutPort(const std::string &authority);

}  // namespace wfc::serve
