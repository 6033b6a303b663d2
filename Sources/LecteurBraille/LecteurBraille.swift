// LecteurBraille: adapter, filled in by its issue.
