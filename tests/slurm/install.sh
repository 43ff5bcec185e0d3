#!/bin/bash
# Install the packages the Slurm test stack needs (Debian 12: Slurm 22.05.8).
# Idempotent: returns at once when everything is already installed.
# Must run as root. Services are not started (policy-rc.d); stack.sh starts
# every daemon by hand with a private configuration.
set -eu

pkgs="munge mariadb-server slurmdbd slurmctld slurmd slurm-client libslurm-dev"

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	echo "install.sh: all packages already installed"
	exit 0
fi

if [ "$(id -u)" != 0 ]; then
	echo "install.sh: must run as root to install:$missing" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install.sh: installing:$missing"
if ! apt-get install -y -q --no-install-recommends $missing; then
	apt-get update -q
	apt-get install -y -q --no-install-recommends $missing
fi
