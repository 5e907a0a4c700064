# lit configuration for BufferLens's analysis and CLI tests.
import os

import lit.formats

config.name = "BufferLens"
# bash, for the loops some differential tests run over examples/.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.bufferlens_bin_dir), "test", "lit-out")

config.environment["PATH"] = os.pathsep.join(
    [config.bufferlens_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Deterministic output regardless of the machine's core count and locale.
config.environment["LC_ALL"] = "C"

config.substitutions.append(("%examples", os.path.join(config.bufferlens_src_root, "examples")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%bench", os.path.join(config.bufferlens_src_root, "bench")))
# The test dialect plugin (test/plugin/), built with the project.
config.substitutions.append(("%acme_plugin", config.acme_plugin))
config.substitutions.append(("%corpus", os.path.join(config.bufferlens_src_root, "test", "corpus")))
