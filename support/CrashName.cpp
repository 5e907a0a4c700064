//===- CrashName.cpp ------------------------------------------------------===//

#include "support/CrashName.h"

#include <cctype>
#include <cstring>

std::string bufferlens::describeCrash(int retCode) {
  std::string what;
  if (retCode > 128) {
    const char *name = strsignal(retCode - 128);
    what = name ? name : "signal " + std::to_string(retCode - 128);
  } else {
    what = "exit code " + std::to_string(retCode);
  }
  for (char &c : what)
    c = std::tolower(static_cast<unsigned char>(c));
  return what;
}
