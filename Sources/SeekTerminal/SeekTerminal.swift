import SeekCore
