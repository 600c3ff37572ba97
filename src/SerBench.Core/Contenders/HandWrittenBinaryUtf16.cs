using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>The article's exact format: <c>[int32 total size][Name as UTF-16 + NUL][int32 HighScore]</c>, generalised field by field to every model.</summary>
internal sealed class HandWrittenBinaryUtf16() : HandWrittenBinaryContender(
    "binary-utf16", new BinaryFormatOptions(Utf8Text: false, SizePrefix: true), "the article's format: [int32 size] + UTF-16 text with NUL terminators");
