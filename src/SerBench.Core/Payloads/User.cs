namespace SerBench.Core.Payloads;

/// <summary>The study-3 model: a positional record, exactly as the article declared it.</summary>
public sealed partial record User(Guid Id, string FirstName, string LastName, string FullName, string UserName, string Email);
