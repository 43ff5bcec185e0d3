/*
 * fs.h: the header the programs include: all of libfs, the fairshare
 * toolkit's library, in three layers, each with its own header and rule:
 *
 *   core/core.h    C, POSIX and threads: errors, memory, buffers, numbers,
 *                  time, parallel loops
 *   model/model.h  the TSV tree and Slurm's arithmetic on it
 *   io/io.h        outside formats and libslurm
 *
 * A layer includes only the layers below it; library files never include
 * this header (tests/layers.t checks both).
 *
 * The library is pure: it reads and writes only through the FILE pointers
 * and buffers it is handed, and reports problems through struct fs_err, so
 * that every program, the unit tests and any other caller share one
 * implementation of the TSV tree, the association tree and the algorithms.
 */
#ifndef FS_H
#define FS_H

#include "io/io.h"

#endif
