namespace System.Runtime.CompilerServices;

// Records' init accessors need this type, which netstandard2.0 lacks.
internal static class IsExternalInit;
