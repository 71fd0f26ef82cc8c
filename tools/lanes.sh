# tools/lanes.sh: sourced by the test runners, to build and boot in lanes.
#
#   lanes JOBS FUNC ARG...
#
# runs FUNC ARG for each ARG, at most JOBS at once, started in the order
# given, and returns when all have ended (JOBS 1: one after another, as a
# plain loop).  Each call runs in a subshell of its own: it reports through
# files (its output, its status), never through the caller's variables;
# the caller reads them afterwards in its own order, so that what it prints
# and the TAP streams it writes do not depend on JOBS.
#
# The runners take JOBS from $JOBS (default 2: make test's two cores).  A
# QEMU without -icount runs on the host's clock, so a test whose checks
# depend on wall time must not boot beside another: the runners keep those
# in a lane of their own (lanes 1 ...).
lanes() {
	local jobs=$1 fn=$2 arg running=0
	shift 2
	[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
	if [ "$jobs" = 1 ]; then
		for arg in "$@"; do ("$fn" "$arg"); done
		return 0
	fi
	for arg in "$@"; do
		if [ "$running" -ge "$jobs" ]; then
			wait -n
			running=$((running - 1))
		fi
		"$fn" "$arg" &
		running=$((running + 1))
	done
	wait
}
