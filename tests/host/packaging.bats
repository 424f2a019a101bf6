#!/usr/bin/env bats
# Packaging: the systemd unit made for the configured sbindir, the way it
# fills Debian's textfile folder without owning it, the Debian package
# (make deb, lintian) and the RPM spec.  The build is RDMA_ROUTE's folder.

load ../helpers

top=$BATS_TEST_DIRNAME/../..

setup() {
	# RDMA_ROUTE's folder; scripts/valgrind's wrapper is in BUILD/valgrind.
	build=$(cd "$(dirname "$RDMA_ROUTE")" && pwd)
	[ -f "$build/Makefile" ] || build=$(dirname "$build")
	unit=$build/contrib/rdma-route-textfile.service
	timer=$top/contrib/rdma-route-textfile.timer
}

# A variable of the build's Makefile, expanded: make_var NAME.  The last
# line: make may first remake the Makefile (a changed Makefile.am) and say so.
make_var() {
	make -s -C "$build" --no-print-directory --eval="rr-print: ; @echo \$($1)" rr-print | tail -n 1
}

# Each value of DIRECTIVE in the unit FILE, a line each, its continuation
# lines joined, blanks squeezed: unit_values FILE DIRECTIVE.
unit_values() {
	awk -v key="$2=" '
		cont { line = line " " $0 }
		!cont && index($0, key) == 1 { line = substr($0, length(key) + 1); cont = 1 }
		cont {
			if (sub(/\\$/, "", line))
				next
			gsub(/[ \t]+/, " ", line)
			print line
			cont = 0
		}' "$1"
}

@test "unit: ExecStart runs the binary where configure installs it" {
	sbindir=$(make_var sbindir)
	[ "$(unit_values "$unit" ExecStart | cut -d' ' -f1)" = "$sbindir/rdma-route" ]
	if [ "$(make_var prefix)" = /usr/local ]; then
		[ "$sbindir" = /usr/local/sbin ]
	fi
	# A build configured for /usr, as a distribution's, runs /usr/sbin's.
	mkdir "$BATS_TEST_TMPDIR/usr"
	cd "$BATS_TEST_TMPDIR/usr"
	"$top/configure" -q --prefix=/usr >/dev/null
	make -s contrib/rdma-route-textfile.service >/dev/null
	[ "$(unit_values contrib/rdma-route-textfile.service ExecStart | cut -d' ' -f1)" = /usr/sbin/rdma-route ]
	run ! grep -q '@sbindir@\|\${' contrib/rdma-route-textfile.service
}

@test "unit: systemd-analyze verifies the unit and timer as make install lays them out" {
	command -v systemd-analyze >/dev/null || skip "no systemd-analyze"
	# --root: the units, the executables they name and systemd's own
	# targets are looked up under the folder, so a wrong ExecStart path fails.
	root=$BATS_TEST_TMPDIR/root
	make -s -C "$build" install DESTDIR="$root" >/dev/null
	mkdir -p "$root/etc/systemd/system" "$root/bin" "$root/lib/systemd"
	cp "$root$(make_var docdir)"/examples/rdma-route-textfile.* \
		"$root$(make_var docdir)"/examples/rdma-route-listen.service "$root/etc/systemd/system/"
	cp /bin/cp /bin/mv "$root/bin/"
	cp -R /lib/systemd/system "$root/lib/systemd/"
	run systemd-analyze verify --man=no --root="$root" \
		etc/systemd/system/rdma-route-textfile.service etc/systemd/system/rdma-route-textfile.timer \
		etc/systemd/system/rdma-route-listen.service
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

# The mechanism the unit relies on, as systemd runs it: the probe as a
# dynamic user writing into its RuntimeDirectory, then the "!" steps as
# root without capabilities into Debian's folder (root:root 0755).  The
# unit's absolute paths (/etc, /run, /var) go under a folder of the test,
# the binary is the build's; the commands are the unit's own.
@test "unit: an unprivileged probe and capability-less root steps fill a root:root 0755 textfile folder" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to switch users"
	# nobody's: no files of its own, as a dynamic user has none.
	uid=65534
	# The test's folder: reachable by the unprivileged user (bats makes 0700 ones).
	root=$BATS_TEST_TMPDIR/root
	d=$BATS_TEST_TMPDIR
	while [ "$d" != "$(dirname "$BATS_RUN_TMPDIR")" ] && [ "$d" != / ]; do
		chmod o+x "$d"
		d=$(dirname "$d")
	done
	mkdir -p "$root/etc/rdma-route" "$root/sbin" "$root/var/lib/prometheus/node-exporter"
	chmod 0755 "$root"
	cp "$RDMA_ROUTE" "$root/sbin/rdma-route"
	printf '# peers\n192.0.2.1\n192.0.2.2\n' >"$root/etc/rdma-route/peers"
	textfile=$root/var/lib/prometheus/node-exporter
	chown root:root "$textfile"
	chmod 0755 "$textfile"

	# What the design depends on, in the unit itself.
	[ "$(unit_values "$unit" DynamicUser)" = yes ]
	[ "$(unit_values "$unit" RuntimeDirectory)" = rdma-route ]
	[ "$(unit_values "$unit" CapabilityBoundingSet)" = "" ]
	[ "$(unit_values "$unit" ReadWritePaths)" = /var/lib/prometheus/node-exporter ]
	[ "$(unit_values "$unit" ExecStartPost | grep -vc '^!')" -eq 0 ]
	sbindir=$(make_var sbindir)
	local_paths() {
		sed "s|^$sbindir/rdma-route |$root/sbin/rdma-route |; s|^!||; s| /etc/| $root/etc/|g; s| /run/| $root/run/|g; s| /var/| $root/var/|g"
	}
	unpriv=(setpriv --reuid="$uid" --regid="$uid" --clear-groups --bounding-set=-all --inh-caps=-all --no-new-privs)
	rootless=(setpriv --bounding-set=-all --inh-caps=-all --no-new-privs)
	allowed=" $(unit_values "$unit" SuccessExitStatus) "

	# The issue: the probe's -o straight into the folder is refused, a
	# usage error the unit does not allow.
	read -ra argv < <(unit_values "$unit" ExecStart | local_paths |
		sed "s| -o [^ ]*| -o $textfile/rdma-route.prom|")
	run "${unpriv[@]}" "${argv[@]}"
	[ "$status" -eq 2 ]
	[[ "$allowed" != *" 2 "* ]]
	[ -z "$(ls -A "$textfile")" ]

	# As systemd makes RuntimeDirectory= for a dynamic user.
	mkdir -p "$root/run/rdma-route"
	chown "$uid:$uid" "$root/run/rdma-route"
	chmod 0755 "$root/run/rdma-route"
	# The steps' root has no capabilities: another user's folder is closed to it.
	run "${rootless[@]}" touch "$root/run/rdma-route/probe"
	[ "$status" -ne 0 ]

	read -ra argv < <(unit_values "$unit" ExecStart | local_paths)
	[[ " ${argv[*]} " == *" -o $root/run/rdma-route/"* ]]
	run --separate-stderr "${unpriv[@]}" "${argv[@]}"
	[[ "$allowed" == *" $status "* ]]
	while read -ra argv; do
		run "${rootless[@]}" "${argv[@]}"
		[ "$status" -eq 0 ]
	done < <(unit_values "$unit" ExecStartPost | local_paths)

	# Debian's folder as it was, the collector's file in it, whole and valid.
	[ "$(stat -c '%U:%G %a' "$textfile")" = "root:root 755" ]
	[ "$(ls -A "$textfile")" = rdma-route.prom ]
	[ "$(stat -c '%U %a' "$textfile/rdma-route.prom")" = "root 644" ]
	prom_valid <"$textfile/rdma-route.prom"
	grep -q '^rdma_route_probes{.*destination="192.0.2.2"} 5$' "$textfile/rdma-route.prom"
}

@test "make deb: a package lintian passes, files where Debian puts them, the timer left off" {
	# The package is built afresh from the tarball, whatever the build:
	# the plain build's run makes it, the sanitizer and valgrind runs
	# would only make it again.
	[ -z "${RDMA_ROUTE_UNDER_VALGRIND:-}" ] || skip "the plain build's run makes the package"
	! readelf -d "$build/rdma-route" 2>/dev/null | grep -q libasan ||
		skip "the plain build's run makes the package"
	for tool in dpkg-buildpackage dh lintian; do
		command -v "$tool" >/dev/null ||
			{ echo "$tool missing: scripts/install-deps installs it"; return 1; }
	done
	version=$(make_var VERSION)
	run make -s -C "$build" --no-print-directory deb
	[ "$status" -eq 0 ]
	deb=${lines[-1]}
	[ "$deb" = "$build/rdma-route_$version-1_$(dpkg --print-architecture).deb" ]
	[ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ]
	files=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
	for f in ./usr/sbin/rdma-route ./usr/share/man/man8/rdma-route.8.gz \
		./usr/share/bash-completion/completions/rdma-route \
		./lib/systemd/system/rdma-route-textfile.service \
		./lib/systemd/system/rdma-route-textfile.timer \
		./lib/systemd/system/rdma-route-listen.service \
		./usr/share/doc/rdma-route/examples/rdma-route.rules.yml \
		./usr/share/doc/rdma-route/copyright; do
		grep -qx -- "$f" <<<"$files" || { echo "no $f in $deb"; return 1; }
	done
	dpkg-deb --fsys-tarfile "$deb" | tar -xO ./lib/systemd/system/rdma-route-textfile.service \
		>"$BATS_TEST_TMPDIR/unit"
	[ "$(unit_values "$BATS_TEST_TMPDIR/unit" ExecStart | cut -d' ' -f1)" = /usr/sbin/rdma-route ]
	dpkg-deb --fsys-tarfile "$deb" | tar -xO ./lib/systemd/system/rdma-route-listen.service \
		>"$BATS_TEST_TMPDIR/listen"
	[ "$(unit_values "$BATS_TEST_TMPDIR/listen" ExecStart)" = '/usr/sbin/rdma-route --listen --jsonl $RDMA_ROUTE_LISTEN_OPTIONS $RDMA_ROUTE_WITNESS $RDMA_ROUTE_LISTEN_ADDRESS' ]
	# dh_installsystemd --no-enable --no-start: no start, and an enable
	# only for a timer the admin had enabled (debian-installed).
	dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst >"$BATS_TEST_TMPDIR/postinst"
	run ! grep -q 'deb-systemd-invoke' "$BATS_TEST_TMPDIR/postinst"
	grep -q "deb-systemd-helper debian-installed 'rdma-route-textfile.timer'" "$BATS_TEST_TMPDIR/postinst"
	run lintian --fail-on error,warning "$build"/deb/rdma-route_"$version"-1_*.changes
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "RPM spec: configure makes it from AC_INIT's version, rpmspec parses it" {
	command -v rpmspec >/dev/null ||
		{ echo "rpmspec missing: scripts/install-deps installs rpm"; return 1; }
	run rpmspec -P "$build/contrib/rdma-route.spec"
	[ "$status" -eq 0 ]
	grep -qx "Version: *$(make_var VERSION)" <<<"$output"
	for req in rdma-core-devel json-c-devel libmnl-devel; do
		grep -qx "BuildRequires: *$req" <<<"$output"
	done
	files=$(sed -n '/^%files/,$p' <<<"$output")
	for f in /usr/sbin/rdma-route '/usr/share/man/man8/rdma-route.8\*' \
		/usr/share/bash-completion/completions/rdma-route \
		/usr/lib/systemd/system/rdma-route-textfile.service \
		/usr/lib/systemd/system/rdma-route-textfile.timer \
		/usr/lib/systemd/system/rdma-route-listen.service; do
		grep -qx -- "$f" <<<"$files" || { echo "no $f in %files"; return 1; }
	done
}
