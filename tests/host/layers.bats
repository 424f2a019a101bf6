#!/usr/bin/env bats
# The house: every folder of src/ says in its README which layers it may
# include, and every #include of the project's names its layer.  An arrow
# that points up (a backend including a renderer, a printer the options)
# fails here.

load ../helpers

SRC=${LAYERS_SRC:-$BATS_TEST_DIRNAME/../../src}

@test "each folder includes only the layers its README allows" {
	bad=0
	for dir in "$SRC"/*/; do
		layer=$(basename "$dir")
		allowed=$(sed -n 's/^May include: //p' "$dir/README.md")
		[ -n "$allowed" ] || { echo "src/$layer/README.md: no 'May include:' line"; bad=1; continue; }
		while IFS=: read -r file inc; do
			inc=${inc#*\"} inc=${inc%%\"*}
			[[ " $allowed " == *" ${inc%%/*} "* && $inc == */* ]] ||
				{ echo "src/$layer/${file##*/} includes \"$inc\"; src/$layer may include: $allowed"; bad=1; }
		done < <(grep -H '^#include "' "$dir"*.[ch])
	done
	[ "$bad" -eq 0 ]
}

@test "the program's own files name the layer of what they include" {
	run grep -H '^#include "[^/]*"$' "$SRC"/*.[ch]
	[ -z "$output" ] || { echo "$output"; false; }
	# main.c and the run's parts (src/app) include most layers: the
	# check above has something to check.
	[ "$(cat "$SRC/main.c" "$SRC"/app/run*.c | grep -c '^#include "')" -gt 10 ]
}

@test "the check catches an arrow that points up" {
	cp -r "$SRC" "$BATS_TEST_TMPDIR/src"
	echo '#include "output/render.h"' >>"$BATS_TEST_TMPDIR/src/rdmacm/cm_backend.c"
	LAYERS_SRC=$BATS_TEST_TMPDIR/src run bats --tap -f "each folder" "$BATS_TEST_FILENAME"
	[[ "$output" == *"not ok 1"* ]]
	[[ "$output" == *'src/rdmacm/cm_backend.c includes "output/render.h"'* ]]
}
