public enum LecteurAppPlaceholder {}
