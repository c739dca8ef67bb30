#!/bin/bash -eu
# ClusterFuzzLite entry point (copied to $SRC/build.sh by the Dockerfile; OSS-Fuzz's
# `compile` runs it with CC, CFLAGS, LIB_FUZZING_ENGINE, OUT, WORK and SRC set).
# Everything lives in fuzz/build.sh, which `make ossfuzz-check` also runs locally.
exec bash -eu "$SRC/rulefuzz/fuzz/build.sh"
