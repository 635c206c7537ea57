// glibc's malloc for the server process (issue 38, item 6; docs/performance.md, "Memory").
//
// glibc raises its mmap threshold each time a large block allocated by mmap is freed (up to
// 32 MB), after which large blocks come from the per-thread arenas, and freed arena memory in
// the middle of a heap stays resident. Compiling pglite.wasm, initdb, the migrations and the
// seed leave 200-250 MB resident that way in the server's threads. A fixed threshold (setting
// it turns the raising off) keeps large blocks on mmap, returned to the system when freed:
// measured on the built server idle after a first start, 461-489 MB became 312-322 MB at 128 KiB
// and 278-283 MB at 16 KiB (at 128 KiB one start in three kept a 32 MB arena of freed blocks
// between the two sizes resident, hence its 290-350 MB spread), with the same profile reads a
// second on PGlite within the run-to-run noise. A server under load holds about 800
// mappings with it, far from the kernel's 65,530. Other libcs (musl) and older glibcs ignore the
// variable.

/** The tunable set for the server: blocks of 16 KiB and more are mapped on their own. */
export const serverMallocTunable = 'glibc.malloc.mmap_threshold=16384';

/** `GLIBC_TUNABLES` with the server's malloc setting, unless it already sets the threshold. */
export function withServerMalloc(tunables = '') {
  return tunables.includes('glibc.malloc.mmap_threshold')
    ? tunables
    : [tunables, serverMallocTunable].filter(Boolean).join(':');
}
