// SPDX-License-Identifier: MIT
// orderedPipeline: every item consumed once, in order, from the slot it was
// made in; never more than `slots` held; one thread means the caller's
// only; the lowest failure is the one rethrown, whatever the timing.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <isla/parallel/ordered_pipeline.hpp>

namespace {

namespace data = boost::unit_test::data;

// A few microseconds of work that differ by item, so that items finish out
// of order.
void uneven(std::size_t item) { std::this_thread::sleep_for(std::chrono::microseconds((item * 7919) % 300)); }

}  // namespace

BOOST_DATA_TEST_CASE(every_item_is_consumed_once_in_order_from_its_slot,
                     data::make({1U, 2U, 3U, 8U}) * data::make({1U, 2U, 5U}), threads, slots) {
  constexpr std::size_t kItems = 200;
  std::vector<std::size_t> held(slots, 0);
  std::vector<std::size_t> consumed;
  std::atomic<std::size_t> inFlight{0}, mostInFlight{0};
  isla::orderedPipeline(
      kItems, threads, slots,
      [&](std::size_t item, std::size_t slot) {
        const std::size_t now = ++inFlight;
        std::size_t most = mostInFlight.load();
        while (now > most && !mostInFlight.compare_exchange_weak(most, now)) {
        }
        uneven(item);
        held[slot] = item;
      },
      [&](std::size_t item, std::size_t slot) {
        BOOST_TEST(held[slot] == item);
        consumed.push_back(item);
        --inFlight;
      });
  std::vector<std::size_t> expected(kItems);
  for (std::size_t i = 0; i < kItems; ++i) expected[i] = i;
  BOOST_TEST(consumed == expected, boost::test_tools::per_element());
  BOOST_TEST(mostInFlight.load() <= (threads == 1 ? 1 : slots));
}

BOOST_AUTO_TEST_CASE(one_thread_uses_only_the_calling_thread) {
  const auto caller = std::this_thread::get_id();
  std::size_t elsewhere = 0;
  isla::orderedPipeline(
      50, 1, 4, [&](std::size_t, std::size_t) { elsewhere += std::this_thread::get_id() != caller; },
      [&](std::size_t, std::size_t) { elsewhere += std::this_thread::get_id() != caller; });
  BOOST_TEST(elsewhere == 0U);
}

// Twenty runs, each timed differently. (A loop, not a data test case: GCC 12
// warns inside Boost's xrange under the sanitizers.)
BOOST_AUTO_TEST_CASE(the_lowest_failing_item_is_rethrown_after_every_item_before_it) {
  for (std::size_t run = 0; run < 20; ++run) {
    BOOST_TEST_CONTEXT("run " << run) {
      std::vector<std::size_t> consumed;
      std::string caught;
      try {
        isla::orderedPipeline(
            100, 3, 6,
            [&](std::size_t item, std::size_t) {
              uneven(item + run);
              if (item == 17 || item == 23) throw std::runtime_error("item " + std::to_string(item));
            },
            [&](std::size_t item, std::size_t) { consumed.push_back(item); });
      } catch (const std::runtime_error& error) {
        caught = error.what();
      }
      BOOST_TEST(caught == "item 17");
      BOOST_TEST(consumed.size() == 17U);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_failing_consume_stops_the_workers_and_is_rethrown) {
  std::atomic<std::size_t> made{0};
  std::size_t consumed = 0;
  BOOST_CHECK_EXCEPTION(isla::orderedPipeline(
                            1000, 2, 4, [&](std::size_t, std::size_t) { ++made; },
                            [&](std::size_t item, std::size_t) {
                              if (item == 3) throw std::runtime_error("disk full");
                              ++consumed;
                            }),
                        std::runtime_error, [](const auto& e) { return std::string(e.what()) == "disk full"; });
  BOOST_TEST(consumed == 3U);
  BOOST_TEST(made.load() <= 8U);  // items 0 .. 3 and at most the slots' worth after them
}
