// SPDX-License-Identifier: MIT
#include "mapping_guard.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>

namespace isla::detail {

// A mapping's range, written under a sequence count (odd while it
// changes) so that the handler never takes half of one range and half of
// another for a mapping.
struct Slot {
  std::atomic<bool> used{false};
  std::atomic<std::uint64_t> version{0};
  std::atomic<std::uintptr_t> begin{0}, end{0};
  std::atomic<bool> torn{false};

  void set(std::uintptr_t from, std::uintptr_t to) {
    version.fetch_add(1, std::memory_order_acq_rel);
    begin.store(from, std::memory_order_release);
    end.store(to, std::memory_order_release);
    version.fetch_add(1, std::memory_order_acq_rel);
  }
  // The range, when it was not changing while read.
  bool read(std::uintptr_t& from, std::uintptr_t& to) const {
    const std::uint64_t first = version.load(std::memory_order_acquire);
    if (first % 2 != 0) return false;
    from = begin.load(std::memory_order_acquire);
    to = end.load(std::memory_order_acquire);
    std::atomic_thread_fence(std::memory_order_acquire);
    return version.load(std::memory_order_relaxed) == first && from != 0;
  }
};

namespace {

// Slots come in blocks, pushed onto a list and never freed, so that the
// handler can walk them while other threads register and unregister.
struct GuardBlock {
  std::array<Slot, 64> slots;
  GuardBlock* next = nullptr;
};

std::atomic<GuardBlock*> guardBlocks{nullptr};
std::uintptr_t guardPageBytes = 4096;
struct sigaction busHandlerBefore {};  // the handler this one passes other faults on to

static_assert(std::atomic<std::uintptr_t>::is_always_lock_free && std::atomic<std::uint64_t>::is_always_lock_free &&
                  std::atomic<bool>::is_always_lock_free,
              "the handler reads the slots without locks");

// Ends the process as the signal would have before this handler: the one
// before it runs, or the default action once the handler returns (a fault
// repeats on return; a signal sent is raised again, to be delivered then).
void passBusErrorOn(int signal, siginfo_t* info, void* context) {
  if ((busHandlerBefore.sa_flags & SA_SIGINFO) && busHandlerBefore.sa_sigaction) {
    busHandlerBefore.sa_sigaction(signal, info, context);
    return;
  }
  if (!(busHandlerBefore.sa_flags & SA_SIGINFO) && busHandlerBefore.sa_handler != SIG_DFL && busHandlerBefore.sa_handler != SIG_IGN) {
    busHandlerBefore.sa_handler(signal);
    return;
  }
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  ::sigaction(signal, &fallback, nullptr);
  if (info->si_code <= 0) ::raise(signal);  // sent by kill(), not a fault: it will not repeat
}

void onBusError(int signal, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  if (info->si_code > 0) {
    for (GuardBlock* block = guardBlocks.load(std::memory_order_acquire); block; block = block->next) {
      for (Slot& slot : block->slots) {
        std::uintptr_t begin = 0, end = 0;
        if (!slot.read(begin, end) || address < begin || address >= end) continue;
        // Zero pages over the rest of the mapping, from the page that
        // faulted: every page past the cut would fault in turn otherwise.
        // The system call itself, as a handler may make it (no wrapper).
        const std::uintptr_t page = address & ~(guardPageBytes - 1);
        const long mapped = ::syscall(SYS_mmap, page, end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                                      -1, 0);
        if (mapped == -1) break;
        slot.torn.store(true, std::memory_order_release);
        return;
      }
    }
  }
  passBusErrorOn(signal, info, context);
}

// Makes the handler SIGBUS's, unless it is: at each registration, since a
// handler installed since may have taken its place (a test framework
// restores the one it found at the end of each test), and it then passes on
// to that one.
void installHandler() {
  static std::mutex installing;
  const std::lock_guard lock(installing);
  struct sigaction current {};
  ::sigaction(SIGBUS, nullptr, &current);
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == onBusError) return;
  guardPageBytes = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  busHandlerBefore = current;
  struct sigaction action {};
  action.sa_sigaction = onBusError;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, nullptr);
}

Slot* claimSlot() {
  GuardBlock* head = guardBlocks.load(std::memory_order_acquire);
  for (GuardBlock* block = head; block; block = block->next) {
    for (Slot& slot : block->slots) {
      bool free = false;
      if (slot.used.compare_exchange_strong(free, true, std::memory_order_acq_rel)) return &slot;
    }
  }
  auto* fresh = new GuardBlock;  // never freed: see GuardBlock
  fresh->slots[0].used.store(true, std::memory_order_relaxed);
  fresh->next = head;
  while (!guardBlocks.compare_exchange_weak(fresh->next, fresh, std::memory_order_acq_rel)) {
  }
  return &fresh->slots[0];
}

}  // namespace

std::string changedWhileRead(const std::filesystem::path& path, const std::string& why) {
  return "'" + path.string() + "' changed while being read (" + why +
         "); what was read from it cannot be trusted: run again once it is saved whole";
}

MappingGuard::MappingGuard(const void* begin, std::size_t bytes) : slot_(claimSlot()) {
  installHandler();
  const auto at = reinterpret_cast<std::uintptr_t>(begin);
  slot_->torn.store(false, std::memory_order_relaxed);
  slot_->set(at, at + bytes);
}

MappingGuard::~MappingGuard() {
  slot_->set(0, 0);
  slot_->used.store(false, std::memory_order_release);
}

bool MappingGuard::torn() const { return slot_->torn.load(std::memory_order_acquire); }

}  // namespace isla::detail
