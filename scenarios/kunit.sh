# shellcheck shell=bash disable=SC2034
DESC="the series' KUnit suites, built in, on a 5 GiB guest"
KUNIT=1
GUEST=""
EXPECT_BASE=skip
