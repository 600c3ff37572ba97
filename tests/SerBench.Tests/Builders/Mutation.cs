using System.Collections;
using System.Collections.Immutable;
using System.Reflection;

namespace SerBench.Tests.Builders;

/// <summary>One step from an object to a value inside it: a member or a list index.</summary>
internal abstract record Step
{
    public abstract object? Get(object owner);

    public abstract void Set(object owner, object? value);
}

internal sealed record MemberStep(MemberInfo Member) : Step
{
    public override object? Get(object owner) => Member is PropertyInfo property ? property.GetValue(owner) : ((FieldInfo)Member).GetValue(owner);

    public override void Set(object owner, object? value)
    {
        if (Member is PropertyInfo property)
        {
            property.SetValue(owner, value); // init-only setters included: records get corrupted like any class
        }
        else
        {
            ((FieldInfo)Member).SetValue(owner, value);
        }
    }

    public override string ToString() => "." + Member.Name;
}

internal sealed record IndexStep(int Index) : Step
{
    public override object? Get(object owner) => ((IList)owner)[Index];

    public override void Set(object owner, object? value) => ((IList)owner)[Index] = value;

    public override string ToString() => $"[{Index}]";
}

/// <summary>Damage to exactly one place in an object graph: where (<see cref="Steps"/>) and how (<see cref="Change"/>).</summary>
internal sealed record Mutation(ImmutableList<Step> Steps, string Change, Func<object?, object?> Corrupt)
{
    public string Path => string.Concat(Steps);

    public Mutation Under(Step step) => this with { Steps = Steps.Insert(0, step) };

    /// <summary>Corrupts the value at <see cref="Path"/> inside <paramref name="root"/>, in place.</summary>
    public void ApplyTo(object root)
    {
        var owner = root;
        foreach (var step in Steps.Take(Steps.Count - 1))
        {
            owner = step.Get(owner) ?? throw new InvalidOperationException($"{Path}: null on the way ({step})");
        }

        var last = Steps[^1];
        last.Set(owner, Corrupt(last.Get(owner)));
    }

    public override string ToString() => $"{Path} ({Change})";

    /// <summary>
    /// Every mutation of every member of <paramref name="sample"/>, walking nested objects and list elements by reflection.
    /// Each one really changes the value. A member of a kind not taught here throws, so a new model field cannot go untested.
    /// </summary>
    public static IReadOnlyList<Mutation> Of(object sample) => [.. MembersOf(sample, [])];

    private static IEnumerable<Mutation> MembersOf(object owner, ImmutableList<Step> steps)
    {
        var type = owner.GetType();
        if (type.IsValueType)
        {
            throw new NotSupportedException($"{type.Name} at '{string.Concat(steps)}' is a struct; teach Mutations to write it back.");
        }

        var properties = type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.GetIndexParameters().Length == 0)
            .Select(p => (Member: (MemberInfo)p, p.PropertyType, Writable: p.SetMethod?.IsPublic == true));
        var fields = type.GetFields(BindingFlags.Public | BindingFlags.Instance)
            .Select(f => (Member: (MemberInfo)f, PropertyType: f.FieldType, Writable: !f.IsInitOnly));
        foreach (var (member, declared, writable) in properties.Concat(fields))
        {
            if (!writable)
            {
                throw new NotSupportedException($"{type.Name}.{member.Name} cannot be set; teach Mutations to corrupt it.");
            }

            var step = new MemberStep(member);
            foreach (var mutation in At(step.Get(owner), declared, steps.Add(step)))
            {
                yield return mutation;
            }
        }
    }

    private static IEnumerable<Mutation> At(object? value, Type declared, ImmutableList<Step> steps)
    {
        if (value is null)
        {
            yield return new(steps, "null to non-null", _ => declared == typeof(string) ? "x" : Activator.CreateInstance(declared));
            yield break;
        }

        if (!declared.IsValueType || Nullable.GetUnderlyingType(declared) is not null)
        {
            yield return new(steps, "non-null to null", _ => null);
        }

        if (ScalarChanges(value) is { } changes)
        {
            foreach (var (change, corrupt) in changes)
            {
                yield return new(steps, change, v => corrupt(v!));
            }

            yield break;
        }

        if (value is IList list)
        {
            foreach (var mutation in ListMutations(list, steps))
            {
                yield return mutation;
            }
        }
        else if (value is IEnumerable)
        {
            throw new NotSupportedException($"{value.GetType().Name} at '{string.Concat(steps)}' is a collection Mutations does not know; teach it.");
        }
        else
        {
            foreach (var mutation in MembersOf(value, steps))
            {
                yield return mutation;
            }
        }
    }

    private static IEnumerable<Mutation> ListMutations(IList list, ImmutableList<Step> steps)
    {
        if (list.Count == 0)
        {
            throw new NotSupportedException($"The sample's list at '{string.Concat(steps)}' is empty; use a sample with elements.");
        }

        yield return new(steps, "drop the last element", v => DropLast((IList)v!));
        var elementType = list.GetType() is { IsArray: true } array ? array.GetElementType()! : list.GetType().GetGenericArguments().Single();
        for (var i = 0; i < list.Count; i++)
        {
            foreach (var mutation in At(list[i], elementType, steps.Add(new IndexStep(i))))
            {
                yield return mutation;
            }
        }
    }

    private static IList DropLast(IList list)
    {
        if (list is Array array)
        {
            var shorter = Array.CreateInstance(array.GetType().GetElementType()!, array.Length - 1);
            Array.Copy(array, shorter, shorter.Length);
            return shorter;
        }

        list.RemoveAt(list.Count - 1);
        return list;
    }

    /// <summary>Ways to change a scalar so that it is certainly different; null when the value is not a scalar.</summary>
    private static (string Change, Func<object, object> Corrupt)[]? ScalarChanges(object value) => value switch
    {
        string => [("append a char", v => (string)v + "!")],
        bool => [("flip", v => !(bool)v)],
        char => [("next char", v => (char)((char)v + 1))],
        sbyte => [("+1", v => unchecked((sbyte)((sbyte)v + 1)))],
        byte => [("+1", v => unchecked((byte)((byte)v + 1)))],
        short => [("+1", v => unchecked((short)((short)v + 1)))],
        ushort => [("+1", v => unchecked((ushort)((ushort)v + 1)))],
        int => [("+1", v => unchecked((int)v + 1))],
        uint => [("+1", v => unchecked((uint)v + 1))],
        long => [("+1", v => unchecked((long)v + 1))],
        ulong => [("+1", v => unchecked((ulong)v + 1))],
        double => [("+1", v => (double)v + 1 is var d && d != (double)v ? d : -(double)v), ("next representable", v => Math.BitIncrement((double)v))],
        float => [("+1", v => (float)v + 1 is var f && f != (float)v ? f : -(float)v), ("next representable", v => MathF.BitIncrement((float)v))],
        Half => [("next representable", v => Half.BitIncrement((Half)v))],
        decimal => [("+1", v => (decimal)v + 1), ("one more decimal place", v => (decimal)v * 1.0m)],
        DateTime => [("+1 tick", v => ((DateTime)v).AddTicks(1)), ("other Kind", v => OtherKind((DateTime)v))],
        DateTimeOffset => [("+1 tick", v => ((DateTimeOffset)v).AddTicks(1)), ("other offset, same instant", v => OtherOffset((DateTimeOffset)v))],
        TimeSpan => [("+1 tick", v => ((TimeSpan)v).Add(TimeSpan.FromTicks(1)))],
        DateOnly => [("+1 day", v => ((DateOnly)v).AddDays(1))],
        TimeOnly => [("+1 tick", v => ((TimeOnly)v).Add(TimeSpan.FromTicks(1)))],
        Guid => [("flip a bit", v => FlipLastBit((Guid)v))],
        Enum => [("another defined value", v => OtherEnumValue((Enum)v))],
        _ => null,
    };

    private static DateTime OtherKind(DateTime time) => DateTime.SpecifyKind(time, time.Kind == DateTimeKind.Utc ? DateTimeKind.Unspecified : DateTimeKind.Utc);

    private static DateTimeOffset OtherOffset(DateTimeOffset time) =>
        time.ToOffset(time.Offset + (time.Offset < TimeSpan.FromHours(13) ? TimeSpan.FromHours(1) : TimeSpan.FromHours(-1)));

    private static Guid FlipLastBit(Guid guid)
    {
        var bytes = guid.ToByteArray();
        bytes[^1] ^= 1;
        return new Guid(bytes);
    }

    private static object OtherEnumValue(Enum value)
    {
        var values = Enum.GetValues(value.GetType());
        var index = Array.IndexOf(values, value);
        if (values.Length < 2)
        {
            throw new NotSupportedException($"{value.GetType().Name} has a single value; teach Mutations another.");
        }

        return values.GetValue((index + 1) % values.Length)!;
    }
}
