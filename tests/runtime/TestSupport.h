// What the runtime tests add to the shared test support (tests/support): files and processes
// come from there; errorOf checks the wfc::Error a call throws.
#pragma once

#include "Process.h"
#include "TestFiles.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc::test {

// The message of the wfc::Error `fn` throws, checking its kind; "<no error>" if none.
template <typename Fn>
std::string errorOf(Fn fn, ErrorKind kind = ErrorKind::StepFailed) {
  try {
    fn();
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    return e.what();
  }
  return "<no error>";
}

}  // namespace wfc::test
