# Source this to talk to the test stack started by tests/slurm/stack.sh:
#   . tests/slurm/env.sh
# It exports SLURM_CONF (the private slurm.conf) and FS_SLURM_DIR.
FS_SLURM_DIR=${FS_SLURM_DIR:-/tmp/fs-slurm}
SLURM_CONF=$FS_SLURM_DIR/etc/slurm.conf
export FS_SLURM_DIR SLURM_CONF
