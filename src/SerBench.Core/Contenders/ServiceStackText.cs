namespace SerBench.Core.Contenders;

/// <summary>
/// ServiceStack.Text, which the shootout's write-up ranked. SerBench does not link it: the package comes under the
/// vendor's own licence terms and its source under the AGPL, so the shootout lists both of its modes with that reason
/// instead of measuring them, and no SerBench build, test or pack restores it.
/// </summary>
internal static class ServiceStackText
{
    public const string Library = "ServiceStack.Text";

    public const string Reason =
        "not linked by SerBench: ServiceStack.Text comes under the vendor's own licence terms (servicestack.net/terms) and its source under the AGPL";

    private const string Licence = "ServiceStack licence";

    /// <summary>Its native string API.</summary>
    public static Contender String() =>
        new UnavailableLibrary("servicestack-string", Library, PayloadFormat.Json, TextMode.Utf16, Generation.RuntimeIlEmit, AotSupport.NotSafe, Licence, Reason);

    /// <summary>Its Stream API over UTF-8 (it has no UTF-8 API of its own).</summary>
    public static Contender Utf8() =>
        new UnavailableLibrary("servicestack-utf8", Library, PayloadFormat.Json, TextMode.Utf8, Generation.RuntimeIlEmit, AotSupport.NotSafe, Licence, Reason);
}
