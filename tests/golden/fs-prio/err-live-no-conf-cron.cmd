SLURM_CONF=/nonexistent fs-prio </dev/null
