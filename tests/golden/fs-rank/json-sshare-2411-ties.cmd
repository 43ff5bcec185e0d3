fs-tree --sshare sshare/json-2411-ties.json | fs-rank --json=sshare --as-slurm 24.11.5 | sed '/"client": {/,/}/d'
