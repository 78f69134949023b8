#!/bin/sh
# Run by compose's minio-init at every start (idempotent): the images bucket, and the apps' own user whose policy
# allows only that bucket's objects. The apps never hold MinIO's root credentials.
set -eu
mc alias set root http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "root/$S3_BUCKET"

policy=/tmp/promptloom-app-policy.json
cat >"$policy" <<JSON
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
JSON
mc admin policy create root promptloom-app "$policy"
# Adding an existing user sets its secret: a changed S3_SECRET_KEY applies at the next start.
mc admin user add root "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
mc admin policy attach root promptloom-app --user "$S3_ACCESS_KEY" 2>/dev/null || echo "policy already attached"
echo "minio bucket and app user ready"
