namespace SerBench.Core.Contenders;

/// <summary>Ranked by the shootout's write-up but never restored: its package has the vendor's licence terms, its source the AGPL.</summary>
internal static class ServiceStackText
{
    public const string Library = "ServiceStack.Text";

    public const string Reason =
        "not linked by SerBench: ServiceStack.Text comes under the vendor's own licence terms (servicestack.net/terms) and its source under the AGPL";

    private const string Licence = "ServiceStack licence";

    public static Contender String() =>
        new UnavailableLibrary("servicestack-string", Library, PayloadFormat.Json, TextMode.Utf16, Generation.RuntimeIlEmit, AotSupport.NotSafe, Licence, Reason);

    // Its Stream API: it has no UTF-8 API of its own.
    public static Contender Utf8() =>
        new UnavailableLibrary("servicestack-utf8", Library, PayloadFormat.Json, TextMode.Utf8, Generation.RuntimeIlEmit, AotSupport.NotSafe, Licence, Reason);
}
