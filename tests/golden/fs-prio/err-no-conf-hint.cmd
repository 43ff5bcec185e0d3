# without a cluster, the message names the offline options, and --tree - when a tree comes on a pipe
export SLURM_CONF=/nonexistent; fs-prio --new -u bob; echo "status $?"; fs-tree --sample | fs-prio --new -u bob; echo "status $?"
