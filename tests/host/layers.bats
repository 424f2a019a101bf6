#!/usr/bin/env bats
# The house: every folder of src/ (and every room of a folder, such as
# src/model/probe) says in its README which layers it may include, and
# every #include of the project's names its layer.  An arrow that points
# up (a backend including a renderer, a printer the options, the probe's
# room the fabric's) fails here.  A layer allowed is allowed with its
# rooms: "model" allows model/probe.

load ../helpers

SRC=${LAYERS_SRC:-$BATS_TEST_DIRNAME/../../src}

@test "each folder includes only the layers its README allows" {
	bad=0
	for dir in "$SRC"/*/ "$SRC"/*/*/; do
		[ -d "$dir" ] || continue
		layer=${dir#"$SRC"/} layer=${layer%/}
		allowed=$(sed -n 's/^May include: //p' "$dir/README.md" 2>/dev/null)
		[ -n "$allowed" ] || { echo "src/$layer/README.md: no 'May include:' line"; bad=1; continue; }
		while IFS=: read -r file inc; do
			inc=${inc#*\"} inc=${inc%%\"*}
			ok=0
			for a in $allowed; do
				[[ ${inc%/*} == "$a" || ${inc%/*} == "$a"/* ]] && ok=1
			done
			[[ $ok -eq 1 && $inc == */* ]] ||
				{ echo "src/$layer/${file##*/} includes \"$inc\"; src/$layer may include: $allowed"; bad=1; }
		done < <(grep -H '^#include "' "$dir"*.[ch] 2>/dev/null)
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

# planted FILE LINE: FILE (under src/) given the include LINE in a copy
# of the tree, the layers check run on the copy; it must fail naming it.
planted() {
	cp -r "$SRC" "$BATS_TEST_TMPDIR/src"
	echo "#include \"$2\"" >>"$BATS_TEST_TMPDIR/src/$1"
	LAYERS_SRC=$BATS_TEST_TMPDIR/src run bats --tap -f "each folder" "$BATS_TEST_FILENAME"
	[[ "$output" == *"not ok 1"* ]]
	[[ "$output" == *"src/$1 includes \"$2\""* ]]
}

@test "the check catches an arrow that points up" {
	planted rdmacm/cm_backend.c output/render.h
}

@test "the check catches an arrow between two rooms of model/" {
	planted model/probe/expect.c model/fabric/fabric_counts.h
}
