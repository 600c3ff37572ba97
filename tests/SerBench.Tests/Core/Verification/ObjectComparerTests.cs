using System.Collections;
using System.Numerics;
using SerBench.Core.Payloads;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public class ObjectComparerTests
{
    /// <summary>Each scalar type once: a changed value is named with both values shown.</summary>
    public static TheoryData<object, object, string> ChangedScalars() => new()
    {
        { (sbyte)-1, (sbyte)1, "-1 but got 1" },
        { (byte)1, (byte)2, "1 but got 2" },
        { (short)1, (short)2, "1 but got 2" },
        { (ushort)1, (ushort)2, "1 but got 2" },
        { 1, 2, "1 but got 2" },
        { 1u, 2u, "1 but got 2" },
        { 1L, 2L, "1 but got 2" },
        { 1UL, 2UL, "1 but got 2" },
        { (nint)1, (nint)2, "1 but got 2" },
        { (nuint)1, (nuint)2, "1 but got 2" },
        { Int128.MaxValue, Int128.MaxValue - 1, "170141183460469231731687303715884105727 but got 170141183460469231731687303715884105726" },
        { (UInt128)1, (UInt128)2, "1 but got 2" },
        { (Half)1.5, (Half)2.5, "1.5 but got 2.5" },
        { 1.5f, 2.5f, "1.5 but got 2.5" },
        { 1.5, 2.5, "1.5 but got 2.5" },
        { 0.1 + 0.2, 0.3, "0.30000000000000004 but got 0.3" },
        { 1.5m, 2.5m, "1.5 but got 2.5" },
        { 'a', 'b', "'a' (U+0061) but got 'b' (U+0062)" },
        { '\n', '\0', "'\\n' (U+000A) but got '\\0' (U+0000)" },
        { true, false, "True but got False" },
        { "Zoë", "Zoe", "\"Zoë\" but got \"Zoe\"" },
        { "a", "a\0", "\"a\" but got \"a\\0\"" },
        // Noncharacters, separators and unassigned code points are escaped as JSON would, so a console can size the reason.
        { "\uFFFF", "\uFDD0", "\"\\uFFFF\" but got \"\\uFDD0\"" },
        { "a\u2028", "a\U0001FFFE", "\"a\\u2028\" but got \"a\\uD83F\\uDFFE\"" },
        { "\u0378", "é", "\"\\u0378\" but got \"é\"" },
        { Gender.Male, Gender.Other, "Male but got Other" },
        { new Guid("11111111-2222-3333-4444-555555555555"), new Guid("11111111-2222-3333-4444-555555555556"),
            "11111111-2222-3333-4444-555555555555 but got 11111111-2222-3333-4444-555555555556" },
        { TimeSpan.FromTicks(10), TimeSpan.FromTicks(11), "00:00:00.0000010 but got 00:00:00.0000011" },
        { new DateOnly(2024, 2, 29), new DateOnly(2024, 3, 1), "2024-02-29 but got 2024-03-01" },
        { new TimeOnly(12, 0), new TimeOnly(12, 0, 0, 1), "12:00:00.0000000 but got 12:00:00.0010000" },
        // BigInteger's public properties (IsZero, Sign, IsEven…) are the same for 2 and 4: only Equals sees the change.
        { new BigInteger(2), new BigInteger(4), "2 but got 4" },
        { new Version(1, 2, 3), new Version(1, 2, 4), "1.2.3 but got 1.2.4" },
    };

    [Theory]
    [MemberData(nameof(ChangedScalars))]
    public void FirstDifference_ChangedScalar_NamesPathAndBothValues(object expected, object actual, string values) =>
        Assert.Equal("$.Value: expected " + values, ObjectComparer.FirstDifference(new Holder(expected), new Holder(actual)));

    [Theory]
    [MemberData(nameof(ChangedScalars))]
    public void FirstDifference_SameScalarTwice_IsEqual(object expected, object other, string values)
    {
        _ = (other, values);
        var copy = Copy(expected);

        Assert.False(ReferenceEquals(expected, copy));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(copy)));
    }

    [Fact]
    public void FirstDifference_NaN_EqualsNaNWhateverItsBits()
    {
        var otherNaN = BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(double.NaN) ^ 1);

        Assert.True(double.IsNaN(otherNaN));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(double.NaN), new Holder(otherNaN)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(float.NaN), new Holder(float.NaN)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(Half.NaN), new Holder(Half.NaN)));
        Assert.Equal("$.Value: expected NaN but got 0", ObjectComparer.FirstDifference(new Holder(double.NaN), new Holder(0.0)));
    }

    [Fact]
    public void FirstDifference_NegativeZero_DiffersFromPositiveZero()
    {
        Assert.Equal("$.Value: expected -0 but got 0", ObjectComparer.FirstDifference(new Holder(-0.0), new Holder(0.0)));
        Assert.Equal("$.Value: expected 0 but got -0", ObjectComparer.FirstDifference(new Holder(0f), new Holder(-0f)));
        Assert.Equal("$.Value: expected -0 but got 0", ObjectComparer.FirstDifference(new Holder(Half.NegativeZero), new Holder(Half.Zero)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(-0.0), new Holder(-0.0)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(0.0), new Holder(0.0)));
    }

    [Fact]
    public void FirstDifference_Infinities_CompareExactly()
    {
        Assert.Null(ObjectComparer.FirstDifference(new Holder(double.PositiveInfinity), new Holder(double.PositiveInfinity)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(float.NegativeInfinity), new Holder(float.NegativeInfinity)));
        Assert.Equal("$.Value: expected Infinity but got -Infinity", ObjectComparer.FirstDifference(new Holder(double.PositiveInfinity), new Holder(double.NegativeInfinity)));
        Assert.Equal("$.Value: expected Infinity but got 1.7976931348623157E+308", ObjectComparer.FirstDifference(new Holder(double.PositiveInfinity), new Holder(double.MaxValue)));
    }

    [Fact]
    public void FirstDifference_SmallestFloatingStep_IsADifference()
    {
        Assert.NotNull(ObjectComparer.FirstDifference(new Holder(0.1), new Holder(Math.BitIncrement(0.1))));
        Assert.NotNull(ObjectComparer.FirstDifference(new Holder(0.1f), new Holder(MathF.BitDecrement(0.1f))));
    }

    [Fact]
    public void FirstDifference_DecimalScale_IsADifferenceWithAHint()
    {
        Assert.Equal("$.Value: expected 1.0 but got 1.00 (same value, scale 1 vs 2)", ObjectComparer.FirstDifference(new Holder(1.0m), new Holder(1.00m)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(1.00m), new Holder(decimal.Parse("1.00", System.Globalization.CultureInfo.InvariantCulture))));
    }

    [Fact]
    public void FirstDifference_DateTimeKind_IsADifferenceEvenWithTheSameTicks()
    {
        var utc = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        var unspecified = DateTime.SpecifyKind(utc, DateTimeKind.Unspecified);

        Assert.Equal("$.Value: expected 2024-05-06T07:08:09.0000000Z but got 2024-05-06T07:08:09.0000000 (same ticks, Kind Utc vs Unspecified)",
            ObjectComparer.FirstDifference(new Holder(utc), new Holder(unspecified)));
        Assert.Equal("$.Value: expected 2024-05-06T07:08:09.0000000Z but got 2024-05-06T07:08:09.0000001Z",
            ObjectComparer.FirstDifference(new Holder(utc), new Holder(utc.AddTicks(1))));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(utc), new Holder(new DateTime(utc.Ticks, DateTimeKind.Utc))));
    }

    [Fact]
    public void FirstDifference_LostOffset_IsADifferenceEvenForTheSameInstant()
    {
        var a = new Person { Registered = new DateTimeOffset(2022, 8, 19, 9, 28, 47, TimeSpan.FromHours(-9)) };
        var b = new Person { Registered = a.Registered.ToUniversalTime() };

        Assert.Equal("$.Registered: expected 2022-08-19T09:28:47.0000000-09:00 but got 2022-08-19T18:28:47.0000000+00:00", ObjectComparer.FirstDifference(a, b));
        Assert.Null(ObjectComparer.FirstDifference(a, new Person { Registered = new DateTimeOffset(a.Registered.DateTime, a.Registered.Offset) }));
    }

    [Fact]
    public void FirstDifference_Uri_ComparesTheFragmentThatUriEqualsIgnores()
    {
        var expected = new Uri("https://example.com/a?b=1#top");

        Assert.True(expected.Equals(new Uri("https://example.com/a?b=1#bottom")));
        Assert.Equal("$.Value: expected https://example.com/a?b=1#top but got https://example.com/a?b=1#bottom",
            ObjectComparer.FirstDifference(new Holder(expected), new Holder(new Uri("https://example.com/a?b=1#bottom"))));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new Uri("https://example.com/a?b=1#top"))));
        Assert.NotNull(ObjectComparer.FirstDifference(new Holder(new Uri("a/b", UriKind.Relative)), new Holder(new Uri("a/c", UriKind.Relative))));
    }

    [Fact]
    public void FirstDifference_Nullable_NullDiffersFromDefault()
    {
        int? none = null;
        int? zero = 0;

        Assert.Equal("$.Value: expected null but got 0", ObjectComparer.FirstDifference(new Holder(none), new Holder(zero)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder((int?)5), new Holder((int?)5)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(none), new Holder(none)));
    }

    [Fact]
    public void FirstDifference_ByteArrays_CompareElementByElement()
    {
        Assert.Null(ObjectComparer.FirstDifference(new Holder(new byte[] { 1, 2, 3 }), new Holder(new byte[] { 1, 2, 3 })));
        Assert.Equal("$.Value[2]: expected 3 but got 4", ObjectComparer.FirstDifference(new Holder(new byte[] { 1, 2, 3 }), new Holder(new byte[] { 1, 2, 4 })));
        Assert.Equal("$.Value: expected 3 elements but got 2", ObjectComparer.FirstDifference(new Holder(new byte[] { 1, 2, 3 }), new Holder(new byte[] { 1, 2 })));
    }

    [Fact]
    public void FirstDifference_NullAndEmpty_AreDifferent()
    {
        Assert.Equal("$.Value: expected [] but got null", ObjectComparer.FirstDifference(new Holder(Array.Empty<byte>()), new Holder(null)));
        Assert.Equal("$.Value: expected null but got []", ObjectComparer.FirstDifference(new Holder(null), new Holder(new List<string>())));
        Assert.Equal("$.Value: expected \"\" but got null", ObjectComparer.FirstDifference(new Holder(""), new Holder(null)));
        Assert.Equal("$.Value: expected {} but got null", ObjectComparer.FirstDifference(new Holder(new Dictionary<string, int>()), new Holder(null)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(new List<string>()), new Holder(new List<string>())));
    }

    [Fact]
    public void FirstDifference_Lists_NameTheIndex()
    {
        List<string> expected = ["a", "b"];

        Assert.Equal("$.Value[1]: expected \"b\" but got \"c\"", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new List<string> { "a", "c" })));
        Assert.Equal("$.Value[1]: expected \"b\" but got null", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new List<string?> { "a", null })));
        Assert.Equal("$.Value: expected a List`1 but got a String[]", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new[] { "a", "b" })));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new List<string> { "a", "b" })));
    }

    [Fact]
    public void FirstDifference_OtherSequences_CompareInOrder()
    {
        Assert.Equal("$.Value[0]: expected 1 but got 2", ObjectComparer.FirstDifference(new Holder(new Queue<int>([1, 2])), new Holder(new Queue<int>([2, 1]))));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(new LinkedList<int>([1, 2])), new Holder(new LinkedList<int>([1, 2]))));
    }

    [Fact]
    public void FirstDifference_MultiDimensionalArray_NamesEveryIndex()
    {
        var expected = new[,] { { 1, 2 }, { 3, 4 } };

        Assert.Equal("$.Value[1,0]: expected 3 but got 5", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new[,] { { 1, 2 }, { 5, 4 } })));
        Assert.Equal("$.Value: expected lengths [2,2] but got [1,2]", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new[,] { { 1, 2 } })));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new[,] { { 1, 2 }, { 3, 4 } })));
    }

    [Fact]
    public void FirstDifference_Dictionaries_CompareByKeyAndValue()
    {
        var expected = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };

        Assert.Equal("$.Value[\"b\"]: expected 2 but got 3",
            ObjectComparer.FirstDifference(new Holder(expected), new Holder(new Dictionary<string, int> { ["a"] = 1, ["b"] = 3 })));
        Assert.Equal("$.Value[\"b\"]: expected 2 but the key is missing",
            ObjectComparer.FirstDifference(new Holder(expected), new Holder(new Dictionary<string, int> { ["a"] = 1, ["c"] = 2 })));
        Assert.Equal("$.Value[\"c\"]: expected no such key but got 3",
            ObjectComparer.FirstDifference(new Holder(expected), new Holder(new Dictionary<string, int> { ["a"] = 1, ["b"] = 2, ["c"] = 3 })));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new Dictionary<string, int> { ["b"] = 2, ["a"] = 1 })));
    }

    [Fact]
    public void FirstDifference_DictionaryValues_AreComparedDeeply()
    {
        var expected = new SortedDictionary<int, Friend> { [7] = new() { Id = 7, Name = "Ana" } };

        Assert.Equal("$.Value[7].Name: expected \"Ana\" but got \"Ann\"",
            ObjectComparer.FirstDifference(new Holder(expected), new Holder(new SortedDictionary<int, Friend> { [7] = new() { Id = 7, Name = "Ann" } })));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new SortedDictionary<int, Friend> { [7] = new() { Id = 7, Name = "Ana" } })));
    }

    [Fact]
    public void FirstDifference_GenericOnlyDictionary_ComparesByKey()
    {
        var expected = new ReadOnlyMap(new() { ["a"] = 1 });

        Assert.Equal("$.Value[\"a\"]: expected 1 but got 2", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new ReadOnlyMap(new() { ["a"] = 2 }))));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new ReadOnlyMap(new() { ["a"] = 1 }))));
    }

    [Fact]
    public void FirstDifference_Sets_CompareByMembership()
    {
        HashSet<string> expected = ["x", "y"];

        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new HashSet<string> { "y", "x" })));
        Assert.Equal("$.Value: expected to contain \"y\" but it does not", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new HashSet<string> { "x", "z" })));
        Assert.Equal("$.Value: did not expect \"z\"", ObjectComparer.FirstDifference(new Holder(expected), new Holder(new HashSet<string> { "x", "y", "z" })));
    }

    [Fact]
    public void FirstDifference_SetsOfPlainObjects_MatchElementsDeeply()
    {
        HashSet<Friend> expected = [new() { Id = 1, Name = "a" }, new() { Id = 2, Name = "b" }];

        Assert.Null(ObjectComparer.FirstDifference(new Holder(expected), new Holder(new HashSet<Friend> { new() { Id = 2, Name = "b" }, new() { Id = 1, Name = "a" } })));
        Assert.StartsWith("$.Value: expected to contain ",
            ObjectComparer.FirstDifference(new Holder(expected), new Holder(new HashSet<Friend> { new() { Id = 1, Name = "a" }, new() { Id = 2, Name = "c" } })), StringComparison.Ordinal);
    }

    [Fact]
    public void FirstDifference_EqualGraphs_IsNull()
    {
        var a = PayloadRegistry.Person.Generate(3);
        var b = PayloadRegistry.Person.Generate(3);

        Assert.Null(ObjectComparer.FirstDifference(a.ToList(), b.ToList()));
    }

    [Fact]
    public void FirstDifference_NestedChange_GivesFullPath()
    {
        var a = PayloadRegistry.Person.Generate(1)[0];
        var b = PayloadRegistry.Person.Generate(1)[0];
        b.Friends[2].Name = "Changed";

        Assert.StartsWith("$.Friends[2].Name: expected \"", ObjectComparer.FirstDifference(a, b), StringComparison.Ordinal);
    }

    [Fact]
    public void FirstDifference_PublicFields_AreCompared()
    {
        Assert.Equal("$.Count: expected 1 but got 2", ObjectComparer.FirstDifference(new WithField { Count = 1 }, new WithField { Count = 2 }));
        Assert.Null(ObjectComparer.FirstDifference(new WithField { Count = 1 }, new WithField { Count = 1 }));
    }

    [Fact]
    public void FirstDifference_TypeWithoutPublicMembers_FallsBackToEquals()
    {
        // A struct compares its private state by ValueType.Equals; a plain class has only identity, so a copy is reported.
        Assert.Null(ObjectComparer.FirstDifference(new Holder(new Opaque(1)), new Holder(new Opaque(1))));
        Assert.Equal("$.Value: expected Opaque(1) but got Opaque(2)", ObjectComparer.FirstDifference(new Holder(new Opaque(1)), new Holder(new Opaque(2))));
        Assert.NotNull(ObjectComparer.FirstDifference(new Holder(new Identity()), new Holder(new Identity())));
    }

    [Fact]
    public void FirstDifference_Json_ComparesTheValueNotJustTheKind()
    {
        using var one = System.Text.Json.JsonDocument.Parse("{\"a\":[1,2]}");
        using var other = System.Text.Json.JsonDocument.Parse("{\"a\":[1,3]}");
        using var same = System.Text.Json.JsonDocument.Parse("{ \"a\": [1, 2] }");

        Assert.Equal("$.Value: expected {\"a\":[1,2]} but got {\"a\":[1,3]}", ObjectComparer.FirstDifference(new Holder(one.RootElement), new Holder(other.RootElement)));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(one.RootElement), new Holder(same.RootElement)));
        Assert.NotNull(ObjectComparer.FirstDifference(new Holder(System.Text.Json.Nodes.JsonNode.Parse("[1]")), new Holder(System.Text.Json.Nodes.JsonNode.Parse("[2]"))));
        Assert.Null(ObjectComparer.FirstDifference(new Holder(System.Text.Json.Nodes.JsonNode.Parse("[1]")), new Holder(System.Text.Json.Nodes.JsonNode.Parse("[1]"))));
    }

    [Fact]
    public void FirstDifference_DifferentRuntimeTypes_SaysSo()
    {
        Assert.Equal("$.Value: expected a Int32 but got a Int64", ObjectComparer.FirstDifference(new Holder(1), new Holder(1L)));
    }

    [Fact]
    public void FirstDifference_CyclicGraph_Ends()
    {
        var a = new Node { Name = "a" };
        a.Next = a;
        var b = new Node { Name = "a" };
        b.Next = b;

        Assert.Null(ObjectComparer.FirstDifference(a, b));
        b.Name = "b";
        Assert.Equal("$.Name: expected \"a\" but got \"b\"", ObjectComparer.FirstDifference(a, b));
    }

    /// <summary>A second, distinct instance of the same value, so that no case passes by reference equality.</summary>
    private static object Copy(object value) => value switch
    {
        string text => new string(text.AsSpan()),
        Version version => new Version(version.ToString()),
        _ => Rebox(value),
    };

    private static object Rebox(object value)
    {
        var slot = Array.CreateInstance(value.GetType(), 1);
        slot.SetValue(value, 0);
        return slot.GetValue(0)!; // a new box holding a copy
    }

    private sealed class Holder(object? value)
    {
        public object? Value { get; } = value;
    }

    private sealed class WithField
    {
        public int Count;
    }

    private sealed class Node
    {
        public string Name { get; set; } = "";

        public Node? Next { get; set; }
    }

    private readonly struct Opaque(int secret)
    {
        private readonly int _secret = secret;

        public override string ToString() => $"Opaque({_secret})";
    }

    private sealed class Identity;

    /// <summary>Implements only the generic read-only dictionary interface, as a custom collection might.</summary>
    private sealed class ReadOnlyMap(Dictionary<string, int> inner) : IReadOnlyDictionary<string, int>
    {
        public int this[string key] => inner[key];

        public IEnumerable<string> Keys => inner.Keys;

        public IEnumerable<int> Values => inner.Values;

        public int Count => inner.Count;

        public bool ContainsKey(string key) => inner.ContainsKey(key);

        public bool TryGetValue(string key, out int value) => inner.TryGetValue(key, out value);

        public IEnumerator<KeyValuePair<string, int>> GetEnumerator() => inner.GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
