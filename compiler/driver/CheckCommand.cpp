#include "driver/CheckCommand.h"

#include "driver/Compilation.h"

namespace wfc {

int runCheck(const std::vector<std::string> &files, const CommonOptions &options) {
  Compilation compilation(options);
  for (const std::string &file : files) (void)compilation.analyzePack(file);
  return compilation.finish();
}

}  // namespace wfc
