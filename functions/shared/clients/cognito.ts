import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../env.js';

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    const { COGNITO_ENDPOINT, AWS_REGION } = env();
    client = new CognitoIdentityProviderClient({
      region: AWS_REGION,
      ...(COGNITO_ENDPOINT ? { endpoint: COGNITO_ENDPOINT } : {}),
    });
  }
  return client;
}
