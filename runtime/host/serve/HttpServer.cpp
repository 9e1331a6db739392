#include "host/serve/HttpServer.h"

#include "host/serve/ConnectionDeadlines.h"
#include "host/serve/MicrohttpdLibrary.h"
#include "support/AsciiCase.h"
#include "wfc/error.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>

namespace wfc::serve {
namespace {

// A request being received: its target as sent, its body so far, or that it is too large; then
// its response, which libmicrohttpd sends from here until the request completes.
struct Receiving {
  std::string target;  // the request line's, undecoded: "/runs/abc?wait=true"
  bool headersSeen = false;
  HttpRequest request;
  bool tooLarge = false;
  bool answered = false;
  HttpResponse response;
};

MHD_Result collect(void *cls, MHD_ValueKind, const char *key, const char *value) {
  static_cast<std::vector<std::pair<std::string, std::string>> *>(cls)->emplace_back(key ? key : "",
                                                                                       value ? value : "");
  return MHD_YES;
}

std::string peerAddress(MHD_Connection *connection) {
  const MHD_ConnectionInfo *info = microhttpd().get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return "";
  char text[INET6_ADDRSTRLEN] = "";
  const sockaddr *addr = info->client_addr;
  if (addr->sa_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in *>(addr)->sin_addr, text, sizeof text);
  else if (addr->sa_family == AF_INET6)
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 *>(addr)->sin6_addr, text, sizeof text);
  return text;
}

// The path of a request target, decoded as libmicrohttpd decodes its URL, but whole: its URL is a
// C string, which a "%00" would end ("/runs/%00" would be "/runs/", the list of runs).
std::string decodedPath(const std::string &target) {
  std::string path = target.substr(0, target.find('?'));
  path.resize(microhttpd().http_unescape(path.data()));
  return path;
}

}  // namespace

std::optional<std::string> HttpRequest::header(std::string_view name) const {
  for (const auto &[key, value] : headers)
    if (equalsIgnoreCase(key, name)) return value;
  return std::nullopt;
}

std::optional<std::string> HttpRequest::param(std::string_view name) const {
  for (const auto &[key, value] : query)
    if (key == name) return value;
  return std::nullopt;
}

bool ListenAddress::loopback() const {
  if (ipv6) {
    in6_addr a{};
    return inet_pton(AF_INET6, host.c_str(), &a) == 1 && IN6_IS_ADDR_LOOPBACK(&a);
  }
  in_addr a{};
  return inet_pton(AF_INET, host.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

std::string ListenAddress::str() const {
  return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

ListenAddress parseListenAddress(const std::string &text) {
  auto bad = [&](const std::string &why) -> Error {
    return Error(ErrorKind::Usage, "--serve takes [ADDR:]PORT (8080, 127.0.0.1:8080, [::1]:8080), not '" + text +
                                       "': " + why);
  };
  ListenAddress out;
  std::string host, port = text;
  if (!text.empty() && text[0] == '[') {
    size_t close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
      throw bad("an IPv6 address goes in brackets, followed by :PORT");
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else if (size_t colon = text.rfind(':'); colon != std::string::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (host.find(':') != std::string::npos) throw bad("an IPv6 address goes in brackets: [ADDR]:PORT");
  }
  if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      std::stoul(port) > 65535)
    throw bad("the port is a number from 0 to 65535 (0: any free port)");
  out.port = uint16_t(std::stoul(port));
  if (host.empty()) return out;  // 127.0.0.1
  in_addr v4{};
  in6_addr v6{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) {
    out.host = host;
  } else if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    out.host = host;
    out.ipv6 = true;
  } else {
    // A name: the first address it resolves to (localhost, a host's own name).
    addrinfo hints{}, *found = nullptr;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (int rc = getaddrinfo(host.c_str(), nullptr, &hints, &found); rc != 0 || !found)
      throw bad("'" + host + "' is not an address, and resolving it failed: " + gai_strerror(rc));
    char buffer[INET6_ADDRSTRLEN] = "";
    if (found->ai_family == AF_INET6) {
      inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6 *>(found->ai_addr)->sin6_addr, buffer, sizeof buffer);
      out.ipv6 = true;
    } else {
      inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in *>(found->ai_addr)->sin_addr, buffer, sizeof buffer);
    }
    freeaddrinfo(found);
    out.host = buffer;
  }
  return out;
}

// A streamed body being sent: libmicrohttpd asks for it piece by piece (readBody), on the
// connection's thread, and frees it (freeBody) when the response is over.
struct HttpServer::Streaming {
  HttpServer *server;
  std::shared_ptr<BodyStream> stream;
  std::string buffer;  // what next() gave and is not yet sent
  size_t offset = 0;
  bool ended = false;
};

struct HttpServer::Callbacks {
  // Answers with `response`, kept in `receiving`: libmicrohttpd sends the body from there rather
  // than from a copy of its own (a run's output may be large). It calls onCompleted, which deletes
  // `receiving`, only once it has sent the response or given up on it, and reads the buffer no
  // more. A streamed body is read from its stream as libmicrohttpd sends it (chunked).
  static MHD_Result answer(HttpServer &server, MHD_Connection *connection, Receiving &receiving, HttpResponse response) {
    const MicrohttpdLibrary &mhd = microhttpd();
    receiving.answered = true;
    receiving.response = std::move(response);
    const HttpResponse &kept = receiving.response;
    MHD_Response *r = nullptr;
    if (kept.stream) {
      auto streaming = std::make_unique<Streaming>(Streaming{&server, kept.stream, {}, 0, false});
      {
        std::lock_guard lock(server.streamsMutex_);
        if (server.stopping_) kept.stream->close();
        server.streams_.insert(kept.stream.get());
      }
      r = mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, &readBody, streaming.get(), &freeBody);
      if (r) streaming.release();  // freeBody deletes it
      else forget(server, kept.stream.get());
    } else {
      r = mhd.create_response_from_buffer(kept.body.size(), const_cast<char *>(kept.body.data()), MHD_RESPMEM_PERSISTENT);
    }
    if (!r) return MHD_NO;  // out of memory: libmicrohttpd closes the connection
    if (!kept.contentType.empty()) mhd.add_response_header(r, "Content-Type", kept.contentType.c_str());
    for (const auto &[name, value] : kept.headers) mhd.add_response_header(r, name.c_str(), value.c_str());
    MHD_Result queued = mhd.queue_response(connection, unsigned(kept.status), r);
    mhd.destroy_response(r);
    return queued;
  }

  static void forget(HttpServer &server, BodyStream *stream) {
    std::lock_guard lock(server.streamsMutex_);
    server.streams_.erase(stream);
  }

  // The next piece of a streamed body: blocks in the stream's next() (a thread per connection
  // may), returns at most `max` bytes, and ends the body when the stream has.
  static ssize_t readBody(void *cls, uint64_t, char *out, size_t max) {
    auto *s = static_cast<Streaming *>(cls);
    while (s->offset >= s->buffer.size()) {
      if (s->ended) return MHD_CONTENT_READER_END_OF_STREAM;
      s->buffer.clear();
      s->offset = 0;
      try {
        s->ended = !s->stream->next(s->buffer);
      } catch (const std::exception &) {  // a bug's last resort: the body is cut short
        return MHD_CONTENT_READER_END_WITH_ERROR;
      }
    }
    size_t n = std::min(max, s->buffer.size() - s->offset);
    std::memcpy(out, s->buffer.data() + s->offset, n);
    s->offset += n;
    return ssize_t(n);
  }

  static void freeBody(void *cls) {
    std::unique_ptr<Streaming> s(static_cast<Streaming *>(cls));
    forget(*s->server, s->stream.get());
  }

  // A connection accepted or closed: its deadlines start, or it is forgotten.
  static void onConnection(void *cls, MHD_Connection *connection, void **, MHD_ConnectionNotificationCode code) {
    auto *self = static_cast<HttpServer *>(cls);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
      const MHD_ConnectionInfo *info = microhttpd().get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
      if (info) self->deadlines_->connected(connection, info->connect_fd);
    } else {
      self->deadlines_->disconnected(connection);
    }
  }

  // A request line has arrived: its target, before libmicrohttpd decodes it. What this returns is
  // the request's state in onRequest and onCompleted.
  static void *onRequestLine(void *, const char *uri, MHD_Connection *) {
    try {
      auto receiving = std::make_unique<Receiving>();
      receiving->target = uri ? uri : "";
      return receiving.release();
    } catch (const std::bad_alloc &) {
      return nullptr;  // onRequest makes one from the decoded URL
    }
  }

  static MHD_Result onRequest(void *cls, MHD_Connection *connection, const char *url, const char *method,
                              const char *, const char *upload, size_t *uploadSize, void **state) {
    auto *self = static_cast<HttpServer *>(cls);
    if (!*state) {
      auto owned = std::make_unique<Receiving>();
      owned->target = url ? url : "/";
      *state = owned.release();
    }
    auto *receiving = static_cast<Receiving *>(*state);
    const MicrohttpdLibrary &mhd = microhttpd();
    if (!receiving->headersSeen) {  // the headers have arrived
      receiving->headersSeen = true;
      self->deadlines_->headersReceived(connection);
      HttpRequest &r = receiving->request;
      r.method = method ? method : "";
      r.path = decodedPath(receiving->target);
      mhd.get_connection_values(connection, MHD_HEADER_KIND, collect, &r.headers);
      mhd.get_connection_values(connection, MHD_GET_ARGUMENT_KIND, collect, &r.query);
      r.remoteAddress = peerAddress(connection);
      // Refused on its headers alone: the body is not read.
      if (std::optional<HttpResponse> refused = self->screen_(r)) {
        self->deadlines_->requestReceived(connection);
        return answer(*self, connection, *receiving, std::move(*refused));
      }
      // Refused before reading it when the client says how large it is.
      if (std::optional<std::string> length = r.header("Content-Length")) {
        char *end = nullptr;
        errno = 0;
        unsigned long long n = std::strtoull(length->c_str(), &end, 10);
        if (errno == ERANGE || n > self->options_.maxBodyBytes) {
          self->deadlines_->requestReceived(connection);
          receiving->tooLarge = true;
          return answer(*self, connection, *receiving, self->tooLarge_(r, self->options_.maxBodyBytes));
        }
        // Room for all of it at once, rather than a string that doubles as it grows (and holds
        // the old and the new buffer while it does). Its pages are only touched as bytes arrive.
        try {
          r.body.reserve(size_t(n));
        } catch (const std::bad_alloc &) {  // not at once, then: as it arrives
        }
      }
      return MHD_YES;
    }
    if (*uploadSize > 0) {  // a piece of the body
      if (!receiving->tooLarge && !receiving->answered) {
        if (receiving->request.body.size() + *uploadSize > self->options_.maxBodyBytes) {
          receiving->tooLarge = true;  // a chunked body that grew past the limit: the rest is dropped
          receiving->request.body.clear();
          receiving->request.body.shrink_to_fit();
        } else {
          receiving->request.body.append(upload, *uploadSize);
        }
      }
      *uploadSize = 0;
      return MHD_YES;
    }
    if (receiving->answered) return MHD_YES;
    self->deadlines_->requestReceived(connection);
    if (receiving->tooLarge)
      return answer(*self, connection, *receiving, self->tooLarge_(receiving->request, self->options_.maxBodyBytes));
    HttpResponse response;
    try {
      response = self->handler_(receiving->request);
    } catch (const std::exception &) {  // the handler answers its own errors; this is a bug's last resort
      response.status = 500;
      response.body = std::string("{\"error\":{\"code\":\"internal\",\"message\":\"internal error\"}}");
    }
    std::string().swap(receiving->request.body);  // if the handler left it: not kept while the answer goes out
    return answer(*self, connection, *receiving, std::move(response));
  }

  // The request is over (its response sent, or the connection lost): on a connection kept open,
  // the next request's headers are due.
  static void onCompleted(void *cls, MHD_Connection *connection, void **state, MHD_RequestTerminationCode) {
    delete static_cast<Receiving *>(*state);
    *state = nullptr;
    static_cast<HttpServer *>(cls)->deadlines_->answered(connection);
  }
};

HttpServer::HttpServer(Options options, Screen screen, Handler handler, TooLarge tooLarge)
    : options_(std::move(options)),
      screen_(std::move(screen)),
      handler_(std::move(handler)),
      tooLarge_(std::move(tooLarge)) {}

HttpServer::~HttpServer() { stop(); }

void HttpServer::start() {
  const MicrohttpdLibrary &mhd = microhttpd();
  sockaddr_in v4{};
  sockaddr_in6 v6{};
  const sockaddr *addr = nullptr;
  if (options_.address.ipv6) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(options_.address.port);
    inet_pton(AF_INET6, options_.address.host.c_str(), &v6.sin6_addr);
    addr = reinterpret_cast<const sockaddr *>(&v6);
  } else {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(options_.address.port);
    inet_pton(AF_INET, options_.address.host.c_str(), &v4.sin_addr);
    addr = reinterpret_cast<const sockaddr *>(&v4);
  }
  // No MHD_OPTION_LISTENING_ADDRESS_REUSE: it means SO_REUSEPORT, which would let a second server
  // share the port instead of failing. (libmicrohttpd sets SO_REUSEADDR itself, so a restarted
  // server can listen at once.) A thread per connection: a handler may wait for a run (POST /runs?wait=true) without holding
  // up other clients. poll(), not select(): no FD_SETSIZE limit on descriptors.
  unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC;
  if (options_.address.ipv6) flags |= MHD_USE_IPv6;
  // An eighth of the connections are kept free by closing the slowest ones, so that a server full
  // of slow clients still takes a new one at once (host/serve/ConnectionDeadlines.h). The limit
  // is kept there; libmicrohttpd's is twice it, for the connections shut down there whose threads
  // have not yet closed them (it would drop a new connection in their stead).
  deadlines_ = std::make_unique<ConnectionDeadlines>(ConnectionDeadlines::Options{
      options_.headerTimeout, options_.bodyTimeout, options_.maxConnections, options_.maxConnections / 8});
  errno = 0;
  daemon_ = mhd.start_daemon(flags, options_.address.port, nullptr, nullptr,
                             &Callbacks::onRequest, this,
                             MHD_OPTION_SOCK_ADDR, addr,
                             MHD_OPTION_URI_LOG_CALLBACK, &Callbacks::onRequestLine, this,
                             MHD_OPTION_NOTIFY_CONNECTION, &Callbacks::onConnection, this,
                             MHD_OPTION_NOTIFY_COMPLETED,
                             MHD_RequestCompletedCallback(&Callbacks::onCompleted), this,
                             MHD_OPTION_CONNECTION_LIMIT, static_cast<unsigned int>(options_.maxConnections * 2),
                             MHD_OPTION_CONNECTION_TIMEOUT, static_cast<unsigned int>(options_.idleTimeoutSeconds),
                             MHD_OPTION_END);
  if (!daemon_) {
    int error = errno;
    deadlines_.reset();
    throw Error(ErrorKind::Usage, "cannot listen on " + options_.address.str() + ": " +
                                      (error ? std::strerror(error) : "libmicrohttpd refused to start"));
  }
  accepting_ = true;
  {
    std::lock_guard lock(streamsMutex_);
    stopping_ = false;
  }
  const MHD_DaemonInfo *info = mhd.get_daemon_info(daemon_, MHD_DAEMON_INFO_BIND_PORT);
  port_ = info ? info->port : options_.address.port;
}

void HttpServer::stopAccepting() {
  if (!daemon_ || !accepting_) return;
  accepting_ = false;
  MHD_socket listening = microhttpd().quiesce_daemon(daemon_);
  if (listening != MHD_INVALID_SOCKET) ::close(listening);
}

void HttpServer::stop() {
  if (!daemon_) return;
  stopAccepting();
  {  // no connection's thread may wait on a stream while the daemon joins them
    std::lock_guard lock(streamsMutex_);
    stopping_ = true;
    for (BodyStream *stream : streams_) stream->close();
  }
  microhttpd().stop_daemon(daemon_);  // every connection closed, and told to the deadlines
  daemon_ = nullptr;
  deadlines_.reset();
}

}  // namespace wfc::serve
