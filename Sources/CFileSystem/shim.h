// The C declarations the Glibc module leaves out: statfs, whose f_type tells the file
// system a file lives on (FileStamp trusts file times only on local file systems that keep
// nanoseconds). Nothing is linked: these are in the C library.
#if defined(__linux__)
#include <sys/vfs.h>
#endif
