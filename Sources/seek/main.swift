print("seek")
