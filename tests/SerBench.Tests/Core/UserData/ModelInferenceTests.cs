using System.Text;
using SerBench.Core.UserData;

namespace SerBench.Tests.Core.UserData;

public class ModelInferenceTests
{
    internal static InferredModel Infer(params string[] documents) =>
        ModelInference.Infer("test", [.. documents.Select((text, i) => new JsonData($"doc{i + 1}.json", Encoding.UTF8.GetBytes(text)))]);

    private static InferredMember Member(InferredModel model, string jsonName, string? className = null) =>
        model.Classes.Single(c => c.Name == (className ?? model.RootClass!.Name)).Members.Single(m => m.JsonName == jsonName);

    [Fact]
    public void Infer_Object_IsRootClassWithMembersInDocumentOrder()
    {
        var model = Infer("""{"name":"Ada","age":36,"admin":true,"born":"1815-12-10T00:00:00Z"}""");

        Assert.Equal("Root", model.RootType);
        Assert.Equal(
            [("name", "Name", "string"), ("age", "Age", "int"), ("admin", "Admin", "bool"), ("born", "Born", "string")],
            model.RootClass!.Members.Select(m => (m.JsonName, m.CSharpName, m.CSharpType)));
        Assert.Empty(model.Notes);
    }

    [Fact]
    public void Infer_MemberAbsentFromSomeObjects_IsOptionalAndNullable_NotNull()
    {
        var model = Infer("""{"id":1,"note":"x","rank":2}""", """{"id":2}""");

        Assert.Equal(new InferredMember("note", "Note", "string?", Optional: true, Nullable: false), Member(model, "note"));
        Assert.Equal(new InferredMember("rank", "Rank", "int?", Optional: true, Nullable: false), Member(model, "rank"));
        Assert.Equal(new InferredMember("id", "Id", "int", Optional: false, Nullable: false), Member(model, "id"));
        Assert.Empty(model.Losses);
    }

    [Fact]
    public void Infer_OptionalMemberFirstSeenLater_KeepsItsPlaceAfterTheMemberItFollowed()
    {
        var model = Infer("""{"a":1,"c":3}""", """{"a":1,"b":2,"c":3}""", """{"z":0,"a":1}""");

        Assert.Equal(["z", "a", "b", "c"], model.RootClass!.Members.Select(m => m.JsonName));
    }

    [Theory]
    [InlineData("1, -2, 2147483647", "int", null)]
    [InlineData("1, 2147483648", "long", "long: 2147483648 is beyond int")]
    [InlineData("1, -9223372036854775809", "decimal", "decimal: -9223372036854775809 is beyond long")]
    [InlineData("0, -0", "double", "double: -0 keeps its sign only in a double")]
    [InlineData("1, 100000000000000000000000000000000", "double", "double: 100000000000000000000000000000000 is beyond decimal")]
    [InlineData("1.5, 0.1, 1.10, 2e-5", "double", null)]
    [InlineData("1, 2.5", "double", "double: integers (1) and numbers with a fraction or an exponent (2.5)")]
    [InlineData("1E2", "double", null)]
    [InlineData("0.5, 1.00000000000000001", "decimal", "decimal: 1.00000000000000001 does not round-trip through double")]
    [InlineData("1, 12345678901234567890.5", "decimal", "decimal: 12345678901234567890.5 does not round-trip through double")]
    public void Infer_Numbers_NarrowestTypeThatHoldsEveryValue(string values, string expected, string? note)
    {
        var model = Infer(values.Split(", ").Select(v => $$"""{"x":{{v}}}""").ToArray());

        Assert.Equal(expected, Member(model, "x").CSharpType);
        Assert.Equal(note is null ? [] : new[] { "$.x: " + note }, model.Notes);
        Assert.Empty(model.Losses);
    }

    [Theory]
    [InlineData("1e400", "$.x: double, though no .NET number type holds 1e400 exactly: it is beyond double's range, so libraries fail to read or to write it")]
    [InlineData("0.1234567890123456789012345678901234", "$.x: double, though no .NET number type holds 0.1234567890123456789012345678901234 exactly: the round trip changes it")]
    public void Infer_NumberNoTypeHolds_IsDoubleAndALoss(string value, string loss)
    {
        var model = Infer($$"""{"x":{{value}}}""");

        Assert.Equal("double", Member(model, "x").CSharpType);
        Assert.Equal([loss], model.Losses);
        Assert.Contains(loss, model.Notes);
    }

    [Fact]
    public void Infer_NestedArrays_AreListsOfLists_ElementClassNamedOnce()
    {
        var model = Infer("""{"matrix":[[1,2],[3]],"grid":[[{"v":1}],[]],"tags":["a"]}""");

        Assert.Equal("List<List<int>>", Member(model, "matrix").CSharpType);
        Assert.Equal("List<List<GridItem>>", Member(model, "grid").CSharpType);
        Assert.Equal("List<string>", Member(model, "tags").CSharpType);
        Assert.Equal(["Root", "GridItem"], model.Classes.Select(c => c.Name));
    }

    [Fact]
    public void Infer_ArraysOnlyEverEmpty_AreListsOfStringPlaceholders_OthersTakeTheirElementsType()
    {
        var model = Infer("""{"none":[],"some":[],"nested":[[]]}""", """{"none":[],"some":[4],"nested":[]}""");

        Assert.Equal("List<string>", Member(model, "none").CSharpType);
        Assert.Equal("List<int>", Member(model, "some").CSharpType);
        Assert.Equal("List<List<string>>", Member(model, "nested").CSharpType);
        Assert.Equal(
        [
            "$.none[*]: every array here is empty: elements typed string, a placeholder (any type would do)",
            "$.nested[*][*]: every array here is empty: elements typed string, a placeholder (any type would do)",
        ], model.Notes);
    }

    [Fact]
    public void Infer_Nulls_MakeTypesNullable_NullOnlyIsAStringPlaceholder()
    {
        var model = Infer("""{"always":null,"sometimes":null,"items":[1,null],"child":null}""", """{"always":null,"sometimes":5,"items":[],"child":{"a":1}}""");

        Assert.Equal(new InferredMember("always", "Always", "string?", Optional: false, Nullable: true), Member(model, "always"));
        Assert.Equal(new InferredMember("sometimes", "Sometimes", "int?", Optional: false, Nullable: true), Member(model, "sometimes"));
        Assert.Equal("List<int?>", Member(model, "items").CSharpType);
        Assert.Equal("Child?", Member(model, "child").CSharpType);
        Assert.Equal(["$.always: only ever null: string?, a placeholder (any nullable type would do)"], model.Notes);
    }

    [Fact]
    public void Infer_MemberBothAbsentAndNull_IsOptional_AndNotesThatItsNullsAreLost()
    {
        var model = Infer("""{"a":null}""", """{}""", """{"a":"x"}""");

        Assert.Equal(new InferredMember("a", "A", "string?", Optional: true, Nullable: true), Member(model, "a"));
        Assert.Equal(["$.a: absent from 1 of 3 objects and null in 1: optional, so its nulls are written back as absent (a property cannot tell absent from null)"], model.Losses);
    }

    [Fact]
    public void Infer_MixedKinds_AreObject_MixedIntegersAndFractionsAreNot()
    {
        var model = Infer("""{"v":1,"list":[1,"a",{"b":2},[3],true,null],"n":1}""", """{"v":"one","list":[],"n":1.5}""");

        Assert.Equal("object", Member(model, "v").CSharpType);
        Assert.Equal("List<object?>", Member(model, "list").CSharpType);
        Assert.Equal("double", Member(model, "n").CSharpType);
        Assert.Equal(["Root"], model.Classes.Select(c => c.Name)); // the object inside the mixed list is no class
        Assert.Contains(model.Notes, n => n.StartsWith("$.v: holds string and number values: object", StringComparison.Ordinal));
        Assert.Contains(model.Notes, n => n.StartsWith("$.list[*]: holds object, array, string, number and boolean values: object", StringComparison.Ordinal));
    }

    [Fact]
    public void Infer_NamesThatAreNotCSharpIdentifiers_KeepTheirJsonName_AndGetUniqueValidPropertyNames()
    {
        var model = Infer("""{"first-name":1,"first_name":2,"firstName":3,"1st":4,"class":5,"名前":6,"$id":7,"":8,"!!":9,"ToString":10,"root":11,"a\"b\\c\n":12}""");

        Assert.Equal(
            ["FirstName", "FirstName2", "FirstName3", "_1st", "Class", "名前", "Id", "Member", "Member2", "ToString2", "Root2", "ABC"],
            model.RootClass!.Members.Select(m => m.CSharpName));
        Assert.Equal(["first-name", "first_name", "firstName", "1st", "class", "名前", "$id", "", "!!", "ToString", "root", "a\"b\\c\n"],
            model.RootClass.Members.Select(m => m.JsonName));
    }

    [Fact]
    public void Infer_ClassNames_ComeFromTheirMembers_SingularForListElements_ParentFirstWhenTaken()
    {
        var model = Infer("""{"items":[{"id":1}],"orders":[{"items":[{"sku":"x"}],"address":{"city":"y"}}],"categories":[{"c":1}],"data":[{"d":1}]}""");

        Assert.Equal(["Root", "Item", "Order", "OrderItem", "Address", "Category", "DataItem"], model.Classes.Select(c => c.Name));
        Assert.Equal("List<OrderItem>", Member(model, "items", "Order").CSharpType);
    }

    [Fact]
    public void Infer_ClassNamesTheGeneratedFileUses_AreNotTaken()
    {
        var model = Infer("""{"list":{"a":1},"system":{"b":1},"rootJsonContext":{"c":1},"dataMember":{"d":1},"options":{"e":1},"int32":{"f":1},"listItems":[{"g":1}],"listing":{"h":1},"rootPropInit":{"i":1}}""");

        Assert.Equal(["Root", "RootList", "RootSystem", "RootRootJsonContext", "RootDataMember", "RootOptions", "RootInt32", "RootListItem", "Listing", "RootPropInit2"],
            model.Classes.Select(c => c.Name));
    }

    [Fact]
    public void Infer_ObjectsWithTheSameMembersInTwoPlaces_ShareAClass_OthersDoNot()
    {
        var model = Infer("""{"billing":{"street":"a","zip":"1"},"shipping":{"street":"b","zip":"2"},"pickup":{"street":"c","zip":3}}""");

        Assert.Equal(["Root", "Billing", "Pickup"], model.Classes.Select(c => c.Name));
        Assert.Equal("Billing", Member(model, "shipping").CSharpType);
        Assert.Equal(["$.billing", "$.shipping"], model.Classes[1].Paths);
        Assert.Contains("$.shipping: the same members as $.billing, so the same class, Billing", model.Notes);
    }

    [Fact]
    public void Infer_RootArrayOfObjects_IsListOfRootItem_MergingEveryElement()
    {
        var model = Infer("""[{"a":1},{"a":2,"b":true}]""", "[]");

        Assert.Equal("List<RootItem>", model.RootType);
        Assert.Equal("RootItem", model.RootClass!.Name);
        Assert.True(Member(model, "b").Optional);
        Assert.False(Member(model, "a").Optional);
    }

    [Fact]
    public void Infer_RootArrayOfNumbers_IsListOfThem_WithNoRootClass()
    {
        var model = Infer("[1,2]", "[3.5]");

        Assert.Equal("List<double>", model.RootType);
        Assert.Null(model.RootClass);
        Assert.Empty(model.Classes);
    }

    [Theory]
    [InlineData("42", "doc1.json is a number at its root: a typed model needs an object or an array there")]
    [InlineData("\"text\"", "doc1.json is a string at its root: a typed model needs an object or an array there")]
    [InlineData("null", "doc1.json is null at its root: a typed model needs an object or an array there")]
    public void Infer_ScalarRoot_IsNotSupported_AndSaysWhy(string document, string reason)
    {
        var error = Assert.Throws<NotSupportedException>(() => Infer(document));

        Assert.Equal(reason, error.Message);
    }

    [Fact]
    public void Infer_ObjectRootInOneDocumentArrayInAnother_IsNotSupported()
    {
        var error = Assert.Throws<NotSupportedException>(() => Infer("""{"a":1}""", "[1]"));

        Assert.Equal("doc1.json is an object at its root and doc2.json an array: a typed model needs the same root in every document", error.Message);
    }

    [Fact]
    public void Infer_DuplicateKeyAndLoneSurrogate_AreLosses()
    {
        var model = Infer("""{"a":1,"a":2,"s":"\uD800"}""");

        Assert.Equal(
        [
            "$.a: written twice in one object: a property holds one of the values (System.Text.Json keeps the last)",
            "$.s: \"\\uD800\" is not valid UTF-16 (a lone surrogate escape), so no .NET string holds it",
        ], model.Losses);
        Assert.False(Member(model, "a").Optional);
    }
}
