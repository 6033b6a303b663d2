print("lecteur")
