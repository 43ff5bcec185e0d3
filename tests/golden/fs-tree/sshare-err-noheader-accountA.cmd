fs-tree --sshare sshare/depth0-users-n.P
