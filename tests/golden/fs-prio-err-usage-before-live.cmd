SLURM_CONF=/nonexistent fs-prio -u alice -n 0 </dev/null
