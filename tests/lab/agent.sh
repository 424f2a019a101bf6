#!/bin/bash
# The second lab host's side of `lab-on` (see lab-on and README.md): run by
# /init on host b, in its chroot, with stdin and stdout on the virtio-serial
# port that joins it to host a.  It runs the scripts a sends, one at a time.
#
#   request:  "ID LEN\n" and LEN bytes of shell script
#   response: "ID RC OUTLEN ERRLEN\n", OUTLEN bytes of stdout, ERRLEN of stderr
#
# Output goes to a file per request first, so a server the script leaves in
# the background keeps writing to a file of its own (unlinked), never to the
# port, and a's reader gets whole answers.
export LC_ALL=C
dir=/run/lab/agent
mkdir -p "$dir" || exit 1
# bash's read takes the port a byte at a time (it cannot seek), and head -c
# reads no more than it is asked: a request's bytes are taken exactly.
# a sends a request again after 5 s without an answer (lab-on): one whose
# ID is the last one's is read and left, never run twice.
last=""
while read -r id len; do
	if [[ ! $id =~ ^[A-Za-z0-9._-]{1,64}$ || ! $len =~ ^[0-9]{1,8}$ ]]; then
		echo "agent: bad request line '$id $len'" >&2
		continue
	fi
	head -c "$len" >"$dir/req"
	[ "$id" != "$last" ] || continue
	last=$id
	out=$dir/out.$id err=$dir/err.$id
	bash "$dir/req" </dev/null >"$out" 2>"$err"
	rc=$?
	printf '%s %s %s %s\n' "$id" "$rc" "$(stat -c %s "$out")" "$(stat -c %s "$err")"
	cat -- "$out" "$err"
	rm -f -- "$out" "$err"
done
