// SourceFiles (frontend/SourceFiles.h): files read once each, files held in memory, and what it
// refuses to read.
#include "frontend/DocumentLoader.h"
#include "frontend/SourceFiles.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <string>

namespace wfc {
namespace {

using test::TempDir;

TEST(SourceFilesTest, MemoryFileIsReadInsteadOfTheDisk) {
  llvm::SourceMgr sm;
  SourceFiles files(sm);
  files.addMemoryFile("/mem/dir/../pack.yaml", "id: p\n");
  std::string error;
  unsigned buffer = files.open("/mem/./pack.yaml", error);
  ASSERT_NE(buffer, 0u) << error;
  EXPECT_EQ(sm.getMemoryBuffer(buffer)->getBuffer(), "id: p\n");
  // Named as it was opened, read once, listed once.
  EXPECT_EQ(sm.getMemoryBuffer(buffer)->getBufferIdentifier(), "/mem/./pack.yaml");
  EXPECT_EQ(files.open("/mem/pack.yaml", error), buffer);
  EXPECT_EQ(files.filesRead(), std::vector<std::string>{"/mem/./pack.yaml"});
  // Anything else is still read from the disk.
  EXPECT_EQ(files.open("/mem/other.yaml", error), 0u);
  EXPECT_EQ(error, "No such file or directory");
}

TEST(SourceFilesTest, MemoryPackFindsItsMemorySchema) {
  llvm::SourceMgr sm;
  SourceFiles files(sm);
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine diags(sm, os);
  DocumentLoader loader(files, diags);
  files.addMemoryFile("/mem/pack.yaml", "input_schema: schemas/a.json\n");
  files.addMemoryFile("/mem/schemas/a.json", "{\"type\": \"string\"}");
  const Document *pack = loader.load("/mem/pack.yaml");
  ASSERT_NE(pack, nullptr) << out;
  const Document *schema = loader.load(SourceFiles::resolveRelative(pack->path(), "schemas/a.json"));
  ASSERT_NE(schema, nullptr) << out;
  EXPECT_EQ(schema->root()->kind, DocNode::Kind::Mapping);
  EXPECT_FALSE(diags.hasErrors()) << out;
}

// Only regular files are read: /dev/zero would take all memory, /dev/tty or a pipe would wait.
TEST(SourceFilesTest, RefusesDevices) {
  llvm::SourceMgr sm;
  SourceFiles files(sm);
  for (const char *device : {"/dev/zero", "/dev/null", "/dev/urandom"}) {
    std::string error;
    EXPECT_EQ(files.open(device, error), 0u) << device;
    EXPECT_EQ(error, "Is not a regular file (a device, a pipe or a socket)") << device;
  }
  TempDir dir;
  std::string fifo = (dir / "fifo").string();  // no writer: reading it would wait forever
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string error;
  EXPECT_EQ(files.open(fifo, error), 0u);
  EXPECT_EQ(error, "Is not a regular file (a device, a pipe or a socket)");
  EXPECT_EQ(files.open(dir.str(), error), 0u);
  EXPECT_EQ(error, "Is a directory");
}

}  // namespace
}  // namespace wfc
