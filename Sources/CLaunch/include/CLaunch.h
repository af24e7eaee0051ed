// What the process was started with, kept where Swift cannot lose it: the argument vector as
// the C library handed it to main, and the commit the release link stamped into the binary.
#ifndef CLAUNCH_H
#define CLAUNCH_H

/// The number of arguments main received (the program's name included), or 0 where this C
/// library does not pass them to the binary's initializers (anything but glibc).
int launch_argument_count(void);

/// main's argument vector (launch_argument_count() entries, then NULL), or NULL as above.
char *const *launch_arguments(void);

/// The commit the binary was built from, as scripts/build-release stamps it at link time
/// ("<40 hex digits>" or "<40 hex digits> with uncommitted changes"); NULL in a build that was
/// not stamped (a plain `swift build`, a copy of the sources without git).
const char *launch_build_commit(void);

#endif
