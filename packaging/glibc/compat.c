// Linked into the release binary only when scripts/relink-glibc relinks it against an older
// glibc (docs/install.md, "The glibc floor"). Each definition here stands in for a symbol that
// only a newer C library or C++ runtime exports, so the binary does not import it:
//
// - main: the Swift executable's entry point is `livecontract_main`; SwiftPM's link renames it
//   with --defsym, which the relink's linker driver does not pass through.
// - posix_spawn_file_actions_addchdir_np (glibc 2.29): Foundation's Process calls it only to
//   start a child in another folder, which livecontract never asks for. It forwards to the C
//   library's own when there is one and otherwise reports ENOSYS.
// - std::__throw_bad_array_new_length() (libstdc++ 3.4.29, GCC 11) throws std::bad_alloc, the
//   class std::bad_array_new_length derives from; nothing in the binary catches either.
// - std::condition_variable::wait(unique_lock<mutex>&) (default version 3.4.30, GCC 12; the
//   same function existed as 3.4.11): a pthread_cond_wait on the condition variable's and the
//   mutex's native handles, which are their first members in every libstdc++ since 4.4.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <spawn.h>
#include <stdlib.h>

extern int livecontract_main(int argc, char **argv);

int main(int argc, char **argv) { return livecontract_main(argc, argv); }

int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path) {
    int (*original)(posix_spawn_file_actions_t *, const char *) =
        (int (*)(posix_spawn_file_actions_t *, const char *))dlsym(RTLD_NEXT, "posix_spawn_file_actions_addchdir_np");
    return original ? original(actions, path) : ENOSYS;
}

extern void _ZSt17__throw_bad_allocv(void) __attribute__((noreturn));

__attribute__((noreturn)) void _ZSt28__throw_bad_array_new_lengthv(void) { _ZSt17__throw_bad_allocv(); }

struct unique_lock_of_mutex {
    pthread_mutex_t *mutex;
    _Bool owns;
};

void _ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE(pthread_cond_t *condition, struct unique_lock_of_mutex *lock) {
    if (pthread_cond_wait(condition, lock->mutex) != 0) abort();
}
