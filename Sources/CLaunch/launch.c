// Records main's arguments before any Swift code runs.
//
// On Linux the Swift runtime does not see main's argv: CommandLine reads /proc/self/cmdline,
// so in a root file system without /proc (a plain chroot, some build sandboxes) it has no
// arguments at all. glibc calls every function of the executable's .init_array with main's
// argc, argv and envp (csu/libc-start.c, call_init), so one such function keeps them here and
// also hands them to the Swift runtime's documented override, which makes CommandLine agree.
// Other C libraries (musl) call these functions without arguments: nothing is recorded there.
#include "CLaunch.h"
#include <stdlib.h>

static int recorded_count;
static char *const *recorded_arguments;

#if defined(__linux__) && defined(__GLIBC__)
// The Swift runtime's entry point for a host that knows argv better than /proc does; weak, so
// a runtime without it still links and only CommandLine stays as it was.
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((weak));

static void record_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 1 || argv == NULL) return;
    recorded_count = argc;
    recorded_arguments = argv;
    if (_swift_stdlib_overrideUnsafeArgvArgc) _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
}

__attribute__((section(".init_array"), used))
static void (*const record_arguments_at_start)(int, char **, char **) = record_arguments;
#endif

int launch_argument_count(void) { return recorded_count; }

char *const *launch_arguments(void) { return recorded_arguments; }

#if defined(__ELF__)
// Defined only by the object scripts/build-release links in; weak, so an unstamped build links
// and reads NULL.
extern const char livecontract_build_commit[] __attribute__((weak));
const char *launch_build_commit(void) { return livecontract_build_commit; }
#else
const char *launch_build_commit(void) { return NULL; }
#endif
