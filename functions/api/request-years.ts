/**
 * How far ahead a request can be filed, shared by the employee's filing form and 申請管理's year select
 * (the SPA imports this value), so whatever an employee can file an admin can find: the years run from
 * the product's first year to the company's current year plus this many (leave is planned ahead, so in
 * December the next January must be open).
 */
export const REQUEST_YEARS_AHEAD = 1;
