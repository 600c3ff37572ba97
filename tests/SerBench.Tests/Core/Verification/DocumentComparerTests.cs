using System.Text.Json;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public class DocumentComparerTests
{
    private static string? Compare(string expected, string actual)
    {
        using var left = JsonDocument.Parse(expected);
        using var right = JsonDocument.Parse(actual);
        return DocumentComparer.FirstDifference(left.RootElement, right.RootElement);
    }

    [Theory]
    [InlineData("""{"a":30}""", """{"a":30.0}""")]
    [InlineData("""{"a":"株"}""", """{"a":"\u682A"}""")]
    [InlineData("""{"a":1,"b":2}""", """{"b":2,"a":1}""")]
    public void FirstDifference_SameDocumentWrittenDifferently_IsNull(string expected, string actual) =>
        Assert.Null(Compare(expected, actual));

    [Theory]
    [InlineData("""{"a":1}""", """{"a":2}""", "$.a: expected 1 but found 2")]
    [InlineData("""{"a":1}""", """{"A":1}""", "$.a: written as \"A\" (property names differ)")]
    [InlineData("""{"a":[1,2]}""", """{"a":[1]}""", "$.a: expected 2 elements but found 1")]
    [InlineData("""{"a":1}""", """{"a":1,"b":2}""", "$.b: not in the reference document")]
    [InlineData("""{"d":"2022-08-19T09:28:47-09:00"}""", """{"d":"\/Date(1660930127000-0900)\/"}""", "$.d: expected \"2022-08-19T09:28:47-09:00\" but found \"/Date(1660930127000-0900)/\"")]
    public void FirstDifference_DifferentDocuments_NamesPathAndValues(string expected, string actual, string difference) =>
        Assert.Equal(difference, Compare(expected, actual));
}
