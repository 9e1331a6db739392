// A large request body and the server's memory (docs/limits.md): with --max-body raised, a body of
// N bytes is held once while it arrives (room made for it at once from its Content-Length) and
// parsed without copying its strings again, then released. At the peak the server holds the body,
// and nlohmann's lexer its buffer of the string (which becomes the value) and a second copy it
// keeps for error messages: about 3 N for this size (up to 4 N just past a power of two, where the
// lexer's buffers double) — where it was 4.3 N.
#include "CurlClient.h"
#include "ServeFlowServer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

using namespace wfc::test;

namespace {

// The process's peak resident memory (VmHWM), in bytes.
long long peakResidentBytes(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoll(line.substr(6)) * 1024;  // "VmHWM:  1234 kB"
  return -1;
}

// 96 MiB of input the schema refuses (no "next"): it is received, parsed and checked — what the
// server does with any body — and no run holds it afterwards.
TEST(ServeLargeBodyE2ETest, ABodyCostsAboutThreeTimesItsSizeAtItsPeak) {
  ServeFlowServer server;
  std::string base = server.start({"--max-body", "128MiB"});
  const long long size = 96ll << 20;
  std::string body = R"({"topic": ")" + std::string(size_t(size), 'x') + R"("})";
  long long before = peakResidentBytes(server.process().pid());
  ASSERT_GT(before, 0);
  HttpReply refused = httpCall({"POST", base + "/runs", body, {"Content-Type: application/json"}, false, 120000});
  ASSERT_EQ(refused.status, 400) << refused.error << refused.body.substr(0, 300);
  EXPECT_EQ(refused.json()["error"]["field"], "/next");
  long long grown = peakResidentBytes(server.process().pid()) - before;
  // Before: the body's string doubling as it grew, and nlohmann's copy of the parsed string.
  EXPECT_LT(double(grown) / double(size), 3.6) << "peak grew by " << grown / (1 << 20) << " MiB";
}

}  // namespace
