using SerBench.Core.Contenders.HandWritten;

namespace SerBench.Core.Contenders;

/// <summary>Both refinements the article suggests: UTF-8 text and no size prefix.</summary>
internal sealed class HandWrittenBinaryUtf8Unframed() : HandWrittenBinaryContender(
    "binary-utf8-unframed", new BinaryFormatOptions(Utf8Text: true, SizePrefix: false), "variant: UTF-8 text and no size prefix");
