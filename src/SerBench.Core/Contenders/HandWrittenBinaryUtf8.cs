using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>The article's first suggested refinement: UTF-8 text instead of UTF-16.</summary>
internal sealed class HandWrittenBinaryUtf8() : HandWrittenBinaryContender(
    "binary-utf8", new BinaryFormatOptions(Utf8Text: true, SizePrefix: true), "variant: UTF-8 text instead of UTF-16");
