fs-explain y z
