// SPDX-License-Identifier: MIT
#define BOOST_TEST_MODULE isla
#include <boost/test/unit_test.hpp>
